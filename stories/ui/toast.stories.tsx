import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../../src/ui/button/button';
import { AppToastContainer, toast } from '../../src/ui/toast/app-toast-container';

function ToastDemo() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => toast.success('Reward redeemed')}>Success toast</Button>
      <Button variant="danger" onClick={() => toast.error('Please Login Again!!', { autoClose: 1500 })}>
        Error toast
      </Button>
      <Button variant="secondary" onClick={() => toast.info('User logging out...', { autoClose: 1500 })}>
        Info toast
      </Button>
      <AppToastContainer />
    </div>
  );
}

const meta = { title: 'UI/Toast', component: AppToastContainer } satisfies Meta<typeof AppToastContainer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => <ToastDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Success toast' }));
    await expect(await within(canvasElement.ownerDocument.body).findByText('Reward redeemed')).toBeInTheDocument();
  },
};
