import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PageLoadError } from '../../../src/ui/loading-screen/page-load-error';

/**
 * What shows instead of a page whose code did not arrive (its request failed, or nothing came for 20 s),
 * in the customer app and the merchant console: never an endless "Loading…" (issue #25).
 */
const meta = {
  title: 'Screens/Misc/Page did not load',
  component: PageLoadError,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: { onRetry: fn() },
} satisfies Meta<typeof PageLoadError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first failure: Try again asks for the page's code again. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('This page didn’t load');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Trying again failed too: the button reloads the page (which also finds a newer build's code). */
export const StillFailing: Story = {
  args: { reload: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Reload the page' })).toBeEnabled();
  },
};

/** The code arrived but the page failed while drawing: a reload, never a blank page. */
export const Crashed: Story = { args: { crashed: true } };
