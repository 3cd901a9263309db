/**
 * Groups an E.164 number for reading: "+639171234567" → "+63 917 123 4567". Numbers it does not
 * recognise are returned as given; this is display only, never sent anywhere.
 */
export function formatPhone(e164: string): string {
  const m = /^\+(\d{1,3}?)(\d{3})(\d{3})(\d{3,4})$/.exec(e164.replace(/[\s()-]/g, ''));
  if (!m) return e164;
  // Prefer the calling codes the app offers, so +63 917… is not read as +639 17….
  const digits = e164.replace(/\D/g, '');
  for (const cc of ['1', '44', '60', '61', '62', '63', '65', '66', '84']) {
    if (digits.startsWith(cc)) {
      const rest = digits.slice(cc.length);
      if (rest.length < 7) break;
      const head = rest.slice(0, 3);
      const tail = rest.slice(3);
      const groups = tail.length > 4 ? [tail.slice(0, tail.length - 4), tail.slice(-4)] : [tail];
      return `+${cc} ${head} ${groups.join(' ')}`;
    }
  }
  return `+${m[1]} ${m[2]} ${m[3]} ${m[4]}`;
}
