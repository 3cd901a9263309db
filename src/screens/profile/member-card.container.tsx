import { useState } from 'react';
import { useMemberCard } from '../../api/members';
import { applePassUrl, googleWalletLink, revokeWalletCards, usePassStatus } from '../../api/passes';
import { useOffline } from '../../api/reachable';
import { messageOf } from '../../shared/errors';
import { useSite } from '../../app/settings';
import { MemberCard } from './member-card';
import { WalletButtons } from './wallet-buttons';

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
  const passes = usePassStatus(open);
  const offline = useOffline();
  const [google, setGoogle] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [lost, setLost] = useState<{ busy: boolean; done: boolean; error: string | null }>({ busy: false, done: false, error: null });
  const revoke = () => {
    setLost({ busy: true, done: false, error: null });
    revokeWalletCards().then(
      () => setLost({ busy: false, done: true, error: null }),
      (err: unknown) => setLost({ busy: false, done: false, error: messageOf(err) }),
    );
  };
  const saveToGoogle = () => {
    setGoogle({ busy: true, error: null });
    googleWalletLink().then(
      (url) => {
        setGoogle({ busy: false, error: null });
        window.location.assign(url);
      },
      (err: unknown) => setGoogle({ busy: false, error: messageOf(err) }),
    );
  };
  return (
    <MemberCard
      open={open}
      onOpenChange={onOpenChange}
      card={card.data}
      error={card.error ? messageOf(card.error) : null}
      onRetry={() => void card.mutate()}
      onStale={() => void card.mutate()}
      offline={offline}
      locale={settings.locale}
      wallet={
        <WalletButtons
          status={passes.data}
          error={passes.error ? messageOf(passes.error) : null}
          appleHref={applePassUrl()}
          onGoogle={saveToGoogle}
          googleBusy={google.busy}
          googleError={google.error}
          onRevoke={revoke}
          revokeBusy={lost.busy}
          revoked={lost.done}
          revokeError={lost.error}
        />
      }
    />
  );
}
