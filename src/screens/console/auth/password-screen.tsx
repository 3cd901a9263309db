import { useState, type FormEvent } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isEmailAddress } from '#contract/checks';
import type { StaffRole } from '#contract/staff';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, staffPasswordProblem } from '#contract/staff-checks';
import { Button, Notice, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../../ui';
import { ConsoleAuthLayout } from './auth-layout';
import { ROLE_HELP } from '../layout/console-layout';
import { spoken } from '../shared/spoken';

export interface PasswordFormValues {
  name: string;
  email: string;
  password: string;
  /** set-up only: an empty shop (the demo cleared, the shop named) or the demo to try things out */
  start?: 'empty' | 'demo';
  /** set-up's empty start: the shop's name */
  shopName?: string;
}

type Problems = Partial<Record<'name' | 'email' | 'password' | 'confirm' | 'shopName', string>>;

/** Set-up's choice: start from an empty shop (named here) or keep the demo's menu, rewards and wheel to try things out. */
function StartChoice({
  values,
  setValues,
  problem,
  saving,
}: {
  values: PasswordFormValues;
  setValues: (f: (v: PasswordFormValues) => PasswordFormValues) => void;
  problem?: string | undefined;
  saving?: boolean | undefined;
}) {
  const { t } = useLingui();
  const radio = (start: 'empty' | 'demo', label: string, hint: string) => (
    <label className="flex items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-brand">
      <input
        type="radio"
        name="start"
        value={start}
        checked={values.start === start}
        onChange={() => setValues((v) => ({ ...v, start }))}
        disabled={saving}
        className={cx('mt-1 size-4 accent-[var(--color-brand)]', focusRing)}
      />
      <span>
        <span className="block font-medium">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">
        <Trans>How do you want to start?</Trans>
      </legend>
      {radio('empty', t`An empty shop`, t`Your own name; you add your menu, rewards and wheel. The demo’s are archived.`)}
      {values.start === 'empty' && (
        <TextField
          label={t`Your shop’s name`}
          autoComplete="organization"
          value={values.shopName ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, shopName: e.target.value }))}
          error={problem}
          hint={t`What customers see. You can change it later under Brand.`}
          disabled={saving}
        />
      )}
      {radio('demo', t`The demo shop`, t`Try things out with its menu, rewards and wheel first; clear them later from the Overview.`)}
    </fieldset>
  );
}

/** What the link is for, as its page shows it (the provider's `merchant/auth/link`). */
export interface LinkView {
  shop: string;
  role: StaffRole;
  /** who sent an invitation */
  invitedBy: string | null;
  /** the only address the link takes (an invitation pinned to one, the account of a reset link) */
  email: string | null;
  /** when it stops working, written for people */
  expires: string;
}

export interface ConsolePasswordScreenProps {
  /** setup: the shop's first owner, from the operator's link; invite: someone the owner invited; reset: a new password */
  mode: 'setup' | 'invite' | 'reset';
  /** the link carries no code at all (opened without its #… part) */
  missingLink?: boolean;
  /** what the link is for; undefined while it is being read */
  link?: LinkView | undefined;
  /** the link cannot be used (expired, used, cancelled, its maker no longer an owner) */
  linkExpired?: boolean;
  onSubmit: (values: PasswordFormValues) => void;
  saving?: boolean;
  /** the provider's refusal: a used or expired link, an e-mail in use … */
  error?: string | null;
  /** the provider's field errors, by field name */
  fieldErrors?: Partial<Record<'name' | 'email' | 'password' | 'shopName', string>>;
}

function titleOf(mode: ConsolePasswordScreenProps['mode'], link: LinkView | undefined): string {
  if (mode === 'reset') return say`Choose a new password`;
  // the shop's name is still the demo's at set-up: the page does not say it
  if (mode === 'setup') return say`Set up your shop`;
  if (!link) return say`Join the team`;
  const { shop } = link;
  return say`Join ${shop}`;
}

function introOf(mode: ConsolePasswordScreenProps['mode'], link: LinkView): string {
  const { shop, email, invitedBy } = link;
  if (mode === 'reset')
    return email
      ? say`For ${email} at ${shop}. Every session of yours ends, on every device.`
      : say`For your account at ${shop}. Every session of yours ends, on every device.`;
  if (mode === 'setup') return say`You become the shop’s first owner. Choose the name, e-mail and password you will sign in with, and how to start.`;
  const help = ROLE_HELP[link.role];
  // whole sentences: who invited, and as what
  if (link.role === 'owner')
    return invitedBy ? say`${invitedBy} invited you to ${shop} as an owner. ${help}` : say`An owner invited you to ${shop} as an owner. ${help}`;
  return invitedBy ? say`${invitedBy} invited you to ${shop} as staff. ${help}` : say`An owner invited you to ${shop} as staff. ${help}`;
}

const BUTTON = spoken({ setup: msg`Create owner account`, invite: msg`Create my account`, reset: msg`Save my new password` });

/** The page instead of the form when the link cannot be used: incomplete, no longer working, still being read (null: the form). */
function linkProblem(mode: ConsolePasswordScreenProps['mode'], title: string, l: Pick<ConsolePasswordScreenProps, 'missingLink' | 'linkExpired' | 'link'>) {
  if (l.missingLink) {
    return (
      <ConsoleAuthLayout title={title}>
        <Notice tone="warning" title={say`This link is incomplete`}>
          <Trans>Open the whole link you were given (it ends with a long code after a # sign), or paste it into this tab. Or ask for a new one.</Trans>
        </Notice>
      </ConsoleAuthLayout>
    );
  }
  if (l.linkExpired) {
    return (
      <ConsoleAuthLayout title={title}>
        <Notice tone="danger" title={say`This link no longer works`}>
          {mode === 'reset'
            ? say`It was used, it is more than an hour old, or a newer one was sent. Ask for a new one from the sign-in page.`
            : mode === 'setup'
              ? say`It was used, it expired, or a newer one was made. Whoever runs the server can make a new one with npm run merchant -- owner-link; if the shop has its owner already, sign in instead.`
              : say`It was used, it expired, or it was cancelled. Ask the person who sent it for a new one.`}
        </Notice>
      </ConsoleAuthLayout>
    );
  }
  if (!l.link) {
    return (
      <ConsoleAuthLayout title={title}>
        <SkeletonGroup label={say`Reading your link`}>
          <SkeletonText lines={5} />
        </SkeletonGroup>
      </ConsoleAuthLayout>
    );
  }
  return null;
}

/** /merchant/setup, /merchant/invite and /merchant/reset: a one-time link becomes an account, or a new password. */
export function ConsolePasswordScreen({ mode, missingLink, link, linkExpired, onSubmit, saving, error, fieldErrors = {} }: ConsolePasswordScreenProps) {
  const { t } = useLingui();
  const [values, setValues] = useState<PasswordFormValues>(
    mode === 'setup' ? { name: '', email: '', password: '', start: 'empty', shopName: '' } : { name: '', email: '', password: '' },
  );
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const title = titleOf(mode, link);

  const unusable = linkProblem(mode, title, { missingLink, linkExpired, link });
  if (unusable || !link) return unusable;

  const fixedEmail = link.email;
  const expires = link.expires;
  const passwordError = problems.password ?? fieldErrors.password;
  const set = (field: keyof PasswordFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof problems = {};
    const email = fixedEmail ?? values.email;
    if (mode !== 'reset') {
      if (!values.name.trim()) found.name = t`Enter your name.`;
      if (values.start === 'empty' && !values.shopName?.trim()) found.shopName = t`Enter your shop’s name.`;
      if (!isEmailAddress(email)) found.email = email.trim() ? t`Enter an e-mail address such as ana@example.com.` : t`Enter your e-mail address.`;
    }
    // the contract's check, in the words of the language spoken
    if (staffPasswordProblem(values.password))
      found.password =
        values.password.length < STAFF_PASSWORD_MIN
          ? t`Use at least ${STAFF_PASSWORD_MIN} characters: a few words you will remember make a good one.`
          : t`Use at most ${STAFF_PASSWORD_MAX} characters.`;
    else if (confirm !== values.password) found.confirm = t`The two passwords are not the same.`;
    setProblems(found);
    if (Object.keys(found).length === 0) {
      const start = mode === 'setup' ? { start: values.start, ...(values.start === 'empty' ? { shopName: values.shopName!.trim() } : {}) } : {};
      onSubmit({ name: values.name.trim(), email: email.trim(), password: values.password, ...start });
    }
  }

  return (
    <ConsoleAuthLayout
      title={title}
      intro={
        <>
          <p>{introOf(mode, link)}</p>
          <p className="mt-1 text-sm">
            <Trans>This link works until {expires}.</Trans>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {error && <Notice tone="danger">{error}</Notice>}
        {mode !== 'reset' && (
          <TextField
            label={t`Your name`}
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            error={problems.name ?? fieldErrors.name}
            disabled={saving}
          />
        )}
        {mode !== 'reset' &&
          (fixedEmail ? (
            <TextField
              label={t`E-mail`}
              type="email"
              autoComplete="username"
              value={fixedEmail}
              readOnly
              hint={t`This invitation is for this address.`}
              error={fieldErrors.email}
            />
          ) : (
            <TextField
              label={t`E-mail`}
              type="email"
              autoComplete="username"
              value={values.email}
              onChange={set('email')}
              error={problems.email ?? fieldErrors.email}
              disabled={saving}
            />
          ))}
        <TextField
          label={mode === 'reset' ? t`New password` : t`Password`}
          type="password"
          autoComplete="new-password"
          // the error repeats the advice in its own words: shown in the hint's place, not under it
          hint={passwordError ? undefined : t`At least ${STAFF_PASSWORD_MIN} characters: a few words you will remember make a good one.`}
          value={values.password}
          onChange={set('password')}
          error={passwordError}
          disabled={saving}
        />
        <TextField
          label={t`Password again`}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={problems.confirm}
          disabled={saving}
        />
        {mode === 'setup' && <StartChoice values={values} setValues={setValues} problem={problems.shopName ?? fieldErrors.shopName} saving={saving} />}
        <Button type="submit" loading={saving} fullWidth>
          {BUTTON[mode]}
        </Button>
      </form>
    </ConsoleAuthLayout>
  );
}
