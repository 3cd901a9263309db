import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppShell } from '../../src/ui/app-shell/app-shell';
import { Badge } from '../../src/ui/badge/badge';
import { BottomNav } from '../../src/ui/bottom-nav/bottom-nav';
import { Button } from '../../src/ui/button/button';
import { Card } from '../../src/ui/card/card';
import { BellIcon } from '../../src/ui/icon/icon';
import { Money } from '../../src/ui/money/money';
import { PhoneField } from '../../src/ui/phone-field/phone-field';
import { Points } from '../../src/ui/points/points';
import { TopBar } from '../../src/ui/top-bar/top-bar';
import { navItems } from '../fixtures/nav';

/**
 * Primitives put together the way screens will use them. Tagged `screen`, so test-storybook
 * screenshots them in every theme × viewport and compares with tests/visual/baselines.
 */
const meta = {
  title: 'UI/Compositions',
  component: AppShell,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: { children: null },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

const rewards = [
  { name: 'Free Latte', cost: 1200, tone: 'brand' as const, tag: 'Popular' },
  { name: 'Croissant', cost: 800, tone: 'neutral' as const, tag: 'Bakery' },
  { name: '20% off any drink', cost: 500, tone: 'success' as const, tag: 'Deal' },
];

export const HomeLayout: Story = {
  render: () => (
    <AppShell
      header={
        <TopBar
          title="Kopi Senja"
          right={
            <a href="/profile/notification" aria-label="Notifications" className="inline-flex size-11 items-center justify-center rounded-full text-ink">
              <BellIcon />
            </a>
          }
        />
      }
      nav={<BottomNav items={navItems('home')} />}
    >
      <div className="flex flex-col gap-4">
        <section className="rounded-2xl bg-brand p-4 text-brand-contrast shadow-sm">
          <h2 className="mb-2 text-lg font-semibold">Your balance</h2>
          <div className="flex items-end justify-between gap-4">
            <Points value={12500} locale="id-ID" showIcon className="text-2xl font-bold" />
            <span className="text-sm">
              Wallet <Money amount={150000} currency="IDR" locale="id-ID" className="font-semibold" />
            </span>
          </div>
        </section>
        <h2 className="text-lg font-semibold text-ink">Rewards for you</h2>
        <ul className="grid gap-3 md:grid-cols-3">
          {rewards.map((r) => (
            <Card as="li" key={r.name}>
              <div className="flex flex-col gap-2">
                <Badge tone={r.tone} className="self-start">
                  {r.tag}
                </Badge>
                <h3 className="font-semibold text-ink">{r.name}</h3>
                <Points value={r.cost} locale="id-ID" className="text-brand-ink" />
                <Button size="sm" variant="secondary">
                  Redeem
                </Button>
              </div>
            </Card>
          ))}
        </ul>
      </div>
    </AppShell>
  ),
};

export const LandingLogin: Story = {
  parameters: { landing: true },
  render: () => (
    <div className="flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold text-ink">Welcome to Kopi Senja</h1>
          <p className="text-muted">Sign in with your phone number to collect points.</p>
          <PhoneField defaultCountryCode="62" hint="We text you a 6-digit code." />
          <Button fullWidth size="lg">
            Send code
          </Button>
        </div>
      </Card>
    </div>
  ),
};
