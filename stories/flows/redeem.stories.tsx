import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Voucher, VoucherTab } from '#contract';
import { RewardRedeemScreen } from '../../src/screens/rewards/reward-redeem-screen';
import { RewardStorageScreen } from '../../src/screens/rewards/reward-storage-screen';
import { BottomNav } from '../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../fixtures/nav';
import { TIME_ZONE } from '../fixtures/profile';
import { customerPoints, rewards } from '../fixtures/rewards';
import { VOUCHER_CODE } from '../fixtures/counter';
import { newLatteVoucher, vouchersByStatus } from '../fixtures/vouchers';

type Page = { name: 'storage'; tab: VoucherTab } | { name: 'redeem'; reward: string };

interface FlowProps {
  /** How long the pretend server takes to redeem. */
  latencyMs: number;
  onRedeem: (name: string) => void;
}

/**
 * A stand-in for the app: the screens wired together with local state in place of the router and
 * the API, the way the containers wire them. Rewards → redeem → confirm → the voucher in storage.
 */
function RedeemFlow({ latencyMs, onRedeem }: FlowProps) {
  const [page, setPage] = useState<Page>({ name: 'storage', tab: 'active' });
  const [points, setPoints] = useState(customerPoints);
  const [redeeming, setRedeeming] = useState(false);
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [mine, setMine] = useState(vouchersByStatus);
  const common = { locale: 'en-PH', timeZone: TIME_ZONE, nav: <BottomNav items={navItems('rewards')} /> };

  if (page.name === 'redeem') {
    const reward = rewards.find((r) => r.name === page.reward)!;
    return (
      <RewardRedeemScreen
        {...common}
        currency="PHP"
        reward={reward}
        points={points}
        redeeming={redeeming}
        voucher={voucher}
        voucherCode={voucher ? { ...VOUCHER_CODE, voucher_id: voucher.id } : undefined}
        frozenCode
        onBack={() => setPage({ name: 'storage', tab: 'active' })}
        onRedeem={() => {
          onRedeem(reward.name);
          setRedeeming(true);
          setTimeout(() => {
            setRedeeming(false);
            setPoints((p) => p - reward.points_cost);
            setVoucher(newLatteVoucher);
            setMine((m) => ({ ...m, active: [newLatteVoucher, ...m.active] }));
          }, latencyMs);
        }}
        onOpenStorage={() => {
          setVoucher(null);
          setPage({ name: 'storage', tab: 'active' });
        }}
      />
    );
  }
  return (
    <RewardStorageScreen
      {...common}
      tab={page.tab}
      vouchers={mine[page.tab]}
      rewards={rewards}
      points={points}
      onChangeTab={(tab) => setPage({ name: 'storage', tab })}
      onRedeemReward={(name) => setPage({ name: 'redeem', reward: name })}
      voucherCode={{ ...VOUCHER_CODE, voucher_id: newLatteVoucher.id }}
      frozenCode
    />
  );
}

const meta = {
  title: 'Flows/Redeem a reward',
  component: RedeemFlow,
  parameters: { layout: 'fullscreen' },
  args: { latencyMs: 400, onRedeem: fn() },
} satisfies Meta<typeof RedeemFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RedeemToStorage: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);

    await step('Pick Free Latte from the rewards under My vouchers', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'My rewards' })).toBeInTheDocument();
      await userEvent.click(canvas.getByRole('button', { name: 'Redeem Free Latte' }));
      await expect(await canvas.findByRole('heading', { level: 2, name: 'Free Latte' })).toBeInTheDocument();
    });

    await step('Confirm the redeem', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Redeem' }));
      const dialog = await body.findByRole('dialog', { name: 'Redeem for 150 points?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem 150 points' }));
      await expect(args.onRedeem).toHaveBeenCalledWith('free-latte');
    });

    await step('See the new voucher with its code and QR', async () => {
      await expect(await canvas.findByRole('heading', { name: 'Enjoy your Free Latte!' }, { timeout: 3000 })).toBeInTheDocument();
      await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
      // the rotating code for the counter, there at once; the fixed code only as a reference
      await expect(canvas.getByRole('img', { name: 'QR code of your voucher, for the counter to scan' })).toBeInTheDocument();
      await expect(canvas.getByText(/Show the QR code below at the counter/)).toBeInTheDocument();
      await expect(canvas.getByText('K7QM 2XHD')).toBeInTheDocument();
      await expect(canvas.getByText('KOPI-7F3K-2Q9D')).toBeInTheDocument();
    });

    await step('Open it from My rewards', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'See my rewards' }));
      await expect(await canvas.findByText('1,100 points')).toBeInTheDocument();
      const list = canvas.getByRole('list', { name: 'Active vouchers' });
      await userEvent.click(within(list).getByRole('button', { name: /Free Latte/ }));
      const sheet = await body.findByRole('dialog', { name: 'Free Latte' });
      await expect(within(sheet).getByRole('img', { name: 'QR code of your voucher, for the counter to scan' })).toBeInTheDocument();
      await expect(sheet).toHaveTextContent('Reference KOPI-7F3K-2Q9D');
    });
  },
};
