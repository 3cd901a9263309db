import { useMemberCard } from '../../api/members';
import { messageOf } from '../../shared/errors';
import { useSite } from '../../app/settings';
import { MemberCard } from './member-card';

export interface MemberCardSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The member card's container, over Home or the profile: a chunk of its own (lazyPage), loaded the first
 * time the customer opens it (not a route: src/app/routes.tsx loads `*-screen` containers only). The
 * card is asked for every 3 s while open (useMemberCard), not after.
 */
export default function MemberCardSheet({ open, onOpenChange }: MemberCardSheetProps) {
  const { settings } = useSite();
  const card = useMemberCard(open);
  return (
    <MemberCard
      open={open}
      onOpenChange={onOpenChange}
      card={card.data}
      error={card.error ? messageOf(card.error) : null}
      onRetry={() => void card.mutate()}
      onStale={() => void card.mutate()}
      locale={settings.locale}
    />
  );
}
