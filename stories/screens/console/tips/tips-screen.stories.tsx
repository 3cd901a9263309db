import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TIPS_DEFAULT } from '#contract/tips-rules';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { TipsScreen } from '../../../../src/screens/console/tips/tips-screen';
import { OWNER } from '../../../fixtures/console';

/**
 * /merchant/tips, its settings (owners; issue 51): whether checkout offers a tip (off by default), its
 * choices (percentages of the order after discounts, or fixed amounts), an amount of the customer's own,
 * and the largest tip.
 */
const meta = {
  title: 'Console/Tips/Tip settings',
  component: TipsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    settings: TIPS_DEFAULT,
    locale: 'en-PH',
    currency: 'PHP',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
  },
  argTypes: { settings: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="tips" title="Tips" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <TipsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof TipsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Off, as a shop starts: turned on and saved with its choices as they are. */
export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const on = page.getByRole('switch', { name: 'Offer a tip at checkout' });
    await expect(on).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Percentages' })).toHaveValue('10, 15, 20');
    await userEvent.click(on);
    await userEvent.click(page.getByRole('button', { name: 'Save tips' }));
    await expect(args.onSave).toHaveBeenCalledWith({ enabled: true, kind: 'percent', presets: [10, 15, 20], custom: true, max: 100_000 });
  },
};

/** On, with fixed amounts and no amount of one's own. */
export const FixedAmounts: Story = {
  args: { settings: { enabled: true, kind: 'amount', presets: [2_000, 5_000, 10_000], custom: false, max: 50_000 } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('radio', { name: 'Fixed amounts' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Amounts' })).toHaveValue('20.00, 50.00, 100.00');
  },
};

/** A choice that is no percentage: said under its field, nothing saved. */
export const BadChoice: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const field = page.getByRole('textbox', { name: 'Percentages' });
    await userEvent.clear(field);
    await userEvent.type(field, '10, lots');
    await userEvent.click(page.getByRole('button', { name: 'Save tips' }));
    await expect(field).toHaveAccessibleDescription(/must be whole percents such as 10/);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const Loading: Story = { tags: ['!screen'], args: { settings: undefined, loading: true } };

export const LoadError: Story = { args: { settings: undefined, error: 'We could not reach the server.' } };
