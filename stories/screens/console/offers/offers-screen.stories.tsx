import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { ConsoleOffersScreen } from '../../../../src/screens/console/offers/offers-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { DIALOGS_IN_FRAMES } from '../../../fixtures/docs';
import { RULE_MENU } from '../../../fixtures/console-loyalty';
import { consoleAutoOffer, consoleFlyerOffer, consoleItemOffers, consoleOffers, flyerBatches, offerLocations } from '../../../fixtures/offers';

/**
 * /merchant/offers (staff read, owners change, issue 50): every offer with where it stands, its code, and
 * its uses and discount against its limits; an offer's page with what it has done, pause, resume and
 * archive; the editor with every field of an offer and its errors.
 */
const meta = {
  title: 'Console/Offers/Offers',
  component: ConsoleOffersScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true, docs: { story: DIALOGS_IN_FRAMES } },
  args: {
    offers: consoleOffers,
    selectedId: null,
    offerHref: (id: number) => `/merchant/offers/${id}`,
    listHref: '/merchant/offers',
    canEdit: true,
    locations: offerLocations,
    menu: RULE_MENU,
    locale: 'en-PH',
    currency: 'PHP',
    timeZone: 'Asia/Manila',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
    onStatus: fn(async (): Promise<SaveProblem | null> => null),
    onMakeCodes: fn(async (): Promise<SaveProblem | null> => null),
    codesCsvHref: (batchId: number) => `/api/v2/merchant/offers/codes.csv?batch_id=${batchId}`,
  },
  argTypes: { offers: { control: false }, locations: { control: false }, menu: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={args.canEdit ? OWNER : STAFF_MEMBER} current="offers" title="Offers" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ConsoleOffersScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ConsoleOffersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The offers in use, newest first, each with its state, code, what it gives, uses and discount given; the archived one apart. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'Offers' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(5);
    const kopi = within(list.getByRole('listitem', { name: '10% off this weekend' }));
    await expect(kopi.getByText('Running')).toBeVisible();
    await expect(kopi.getByText('10% off, at most ₱100.00')).toBeVisible();
    await expect(kopi.getByText('48 of 200')).toBeVisible();
    await expect(kopi.getByText('₱1,980.00 of ₱5,000.00')).toBeVisible();
    await expect(kopi.getByRole('link', { name: '10% off this weekend' })).toHaveAttribute('href', '/merchant/offers/7');
    await expect(within(list.getByRole('listitem', { name: 'Partner flyer: ₱100.00 off' })).getByText('Used up')).toBeVisible();
    await expect(within(list.getByRole('listitem', { name: '₱50.00 off your first order' })).getByText('17 (no limit)')).toBeVisible();
    const archived = within(canvas.getByRole('list', { name: 'Archived offers' }));
    await expect(archived.getByText('BOO13')).toBeVisible();
  },
};

/** Staff read the offers; only an owner adds or changes one. */
export const Staff: Story = {
  args: { canEdit: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Only an owner can change the offers.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add an offer' })).toBeNull();
  },
};

export const Loading: Story = { args: { offers: undefined, loading: true } };

export const LoadError: Story = { args: { offers: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

export const Empty: Story = {
  args: { offers: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No offers yet')).toBeVisible();
  },
};

/** An offer's page: its terms in words and what it has done; an owner edits, pauses or archives it. */
export const OfferPage: Story = {
  args: { selectedId: 7 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '10% off this weekend' })).toBeVisible();
    await expect(canvas.getByText('From Nov 20, 2026, 12:00 AM to Nov 22, 2026, 11:59 PM')).toBeVisible();
    await expect(
      canvas.getByText('Everyone, on orders of ₱300.00 or more; pickup and delivery, every location; once each. Not with a reward voucher.'),
    ).toBeVisible();
    const figures = within(canvas.getByRole('region', { name: 'What it has done' }));
    await expect(figures.getByText('Orders paid').nextElementSibling).toHaveTextContent('45');
    await expect(figures.getByText('New customers').nextElementSibling).toHaveTextContent('6');
    await expect(canvas.getByRole('link', { name: 'All offers' })).toHaveAttribute('href', '/merchant/offers');
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    await expect(args.onStatus).toHaveBeenCalledWith(7, 'paused');
  },
};

/** A paused offer at one location, pickup only: Resume turns its code on again. */
export const PausedOffer: Story = {
  args: { selectedId: 5 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Paused')).toBeVisible();
    await expect(canvas.getByText(/pickup only, Poblacion; as often as they like\. Goes with a reward voucher\./)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }));
    await expect(args.onStatus).toHaveBeenCalledWith(5, 'active');
  },
};

/** Archive asks once more (it is for good), then archives. */
export const ArchiveOffer: Story = {
  args: { selectedId: 7 },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Archive' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive 10% off this weekend?' }));
    await expect(dialog.getByText(/Its code stops working for good/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Archive offer' }));
    await expect(args.onStatus).toHaveBeenCalledWith(7, 'archived');
  },
};

/** An archived offer's page: what it did, and no control (it cannot change). */
export const ArchivedOffer: Story = {
  tags: ['!screen'],
  args: { selectedId: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Archived: its code no longer works, and it cannot change.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
  },
};

/** A buy X get Y offer's page: what it needs and gives in the menu's words; a free product's in the list. */
export const BuyXGetYOffer: Story = {
  args: { offers: [...consoleItemOffers, ...consoleOffers], selectedId: 12 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Coffee and a pastry' })).toBeVisible();
    await expect(canvas.getByText('Buy 2 of Coffee, get 1 of Pastries free, up to 2 times an order')).toBeVisible();
  },
};

/** The list names a free product offer's product. */
export const FreeProductInList: Story = {
  tags: ['!screen'],
  args: { offers: [...consoleItemOffers, ...consoleOffers] },
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Offers' }));
    await expect(within(list.getByRole('listitem', { name: 'Free croissant with your coffee' })).getByText('A free Butter croissant')).toBeVisible();
  },
};

/** An offer on some days and hours: its page says when; the editor shows them ticked and typed. */
export const WeekendAfternoons: Story = {
  tags: ['!screen'],
  args: {
    offers: [{ ...consoleOffers[1]!, days: ['sat', 'sun'], hours: { start: '14:00', end: '17:00' }, rrule: null }, ...consoleOffers.slice(2)],
    selectedId: consoleOffers[1]!.id,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/; Sat and Sun, 14:00–17:00 only$/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByLabelText('Saturday')).toBeChecked();
    await expect(dialog.getByLabelText('Monday')).not.toBeChecked();
    await expect(dialog.getByLabelText('From (optional)')).toHaveValue('14:00');
    await expect(dialog.getByLabelText('Until (optional)')).toHaveValue('17:00');
  },
};

/** For members of a tier, or a list of customers: the editor asks for the tier, or the ids and phone numbers. */
export const AddForSomeCustomers: Story = {
  tags: ['!screen'],
  args: {
    initialEditing: 'new',
    tiers: [
      { position: 0, name: 'Bean' },
      { position: 1, name: 'Brew' },
    ],
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.type(dialog.getByLabelText('Title'), 'For our regulars');
    await userEvent.type(dialog.getByLabelText('Promo code'), 'regulars');
    await userEvent.selectOptions(dialog.getByLabelText('Who may use it'), 'Members of a tier and above');
    await userEvent.selectOptions(dialog.getByLabelText('Tier'), 'Brew');
    await userEvent.selectOptions(dialog.getByLabelText('Who may use it'), 'Some customers (a list)');
    await userEvent.type(dialog.getByLabelText('Customers'), '12{enter}0917 123 4567');
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ audience: 'customer_list', tier_position: null, customers: [12, '0917 123 4567'] }),
    );
  },
};

/** An automatic offer in the list: no code, it applies by itself. */
export const AutomaticInList: Story = {
  tags: ['!screen'],
  args: { offers: [consoleAutoOffer, ...consoleOffers] },
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Offers' }));
    await expect(within(list.getByRole('listitem', { name: consoleAutoOffer.title })).getByText('Applies by itself')).toBeVisible();
  },
};

/** An automatic offer: ticked, the code field goes and the offer is sent without a code. */
export const AddAutomaticOffer: Story = {
  tags: ['!screen'],
  args: { initialEditing: 'new' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.type(dialog.getByLabelText('Title'), '5% off every order');
    await userEvent.click(dialog.getByLabelText('Applies by itself, without a code'));
    await expect(dialog.queryByLabelText('Promo code')).toBeNull();
    await userEvent.clear(dialog.getByLabelText('Percentage off'));
    await userEvent.type(dialog.getByLabelText('Percentage off'), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(args.onSave).toHaveBeenCalledWith(null, expect.objectContaining({ title: '5% off every order', code: null, kind: 'percent_off', value: 5 }));
  },
};

/** A free product: without its product the editor asks for one; chosen, it is sent with 100% off. */
export const AddFreeProduct: Story = {
  tags: ['!screen'],
  args: { initialEditing: 'new' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.type(dialog.getByLabelText('Title'), 'A free croissant');
    await userEvent.type(dialog.getByLabelText('Promo code'), 'croissant');
    await userEvent.selectOptions(dialog.getByLabelText('What it gives'), 'A free product');
    await expect(dialog.getByLabelText('Percentage off those items')).toHaveValue('100');
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(await dialog.findByText('The product must be chosen.')).toBeVisible();
    await userEvent.selectOptions(dialog.getByLabelText('The free product'), 'Butter croissant');
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ kind: 'free_product', value: 100, product_id: 12, buy: null, get: null, max_applications: null, max_discount: null }),
    );
  },
};

/** Buy X get Y sent without its items: each part asks for a product or category. */
export const AddBuyXGetYErrors: Story = {
  parameters: { screenshotReplay: true },
  args: { initialEditing: 'new' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.type(dialog.getByLabelText('Title'), 'Coffee and a pastry');
    await userEvent.type(dialog.getByLabelText('Promo code'), 'coffeepastry');
    await userEvent.selectOptions(dialog.getByLabelText('What it gives'), 'Buy some, get some free or off');
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(await dialog.findAllByText('Choose at least one product or category.')).toHaveLength(2);
    await expect(args.onSave).not.toHaveBeenCalled();
    // the item fields in view, for the screenshot
    dialog.getByLabelText('Items the order must have').focus();
  },
};

/** Buy X get Y filled in: sent with how many of which products or categories, and how many times an order. */
export const AddBuyXGetY: Story = {
  tags: ['!screen'],
  args: { initialEditing: 'new' },
  play: async (ctx) => {
    await AddBuyXGetYErrors.play!(ctx);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.clear(dialog.getByLabelText('Items the order must have'));
    await userEvent.type(dialog.getByLabelText('Items the order must have'), '2');
    const [buy, get] = dialog.getAllByRole('group', { name: /^Of these/ });
    await userEvent.click(within(buy!).getByLabelText('All of Coffee'));
    await userEvent.click(within(get!).getByLabelText('All of Pastries'));
    await userEvent.clear(dialog.getByLabelText('Times one order may get it'));
    await userEvent.type(dialog.getByLabelText('Times one order may get it'), '2');
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(ctx.args.onSave).toHaveBeenCalledWith(
      null,
      expect.objectContaining({
        kind: 'buy_x_get_y',
        value: 100,
        product_id: null,
        buy: { qty: 2, product_ids: [], category_ids: [1] },
        get: { qty: 1, product_ids: [], category_ids: [3] },
        max_applications: 2,
      }),
    );
  },
};

/** An address with no such offer (removed, or mistyped). */
export const NoSuchOffer: Story = { tags: ['!screen'], args: { selectedId: 99 } };

/** A new offer: the defaults (10% off, pickup and delivery, once per customer); sent empty, each field says what it needs. */
export const AddOfferErrors: Story = {
  // its play function focuses what the layout places: each screenshot pair plays it again
  parameters: { screenshotReplay: true },
  args: { initialEditing: 'new' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.clear(dialog.getByLabelText('Percentage off'));
    await userEvent.type(dialog.getByLabelText('Percentage off'), '120');
    await userEvent.click(dialog.getByLabelText('Pickup'));
    await userEvent.click(dialog.getByLabelText('Delivery'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(await dialog.findByText('The title is required.')).toBeVisible();
    const codeError = dialog.getByText('The code must be 3 to 20 letters and digits, such as KOPI10.');
    await expect(codeError).toBeVisible();
    // the code is shown in capitals as it is typed; its label, hint and error are written as they are
    await expect(getComputedStyle(dialog.getByLabelText('Promo code')).textTransform).toBe('uppercase');
    await expect(getComputedStyle(codeError).textTransform).toBe('none');
    await expect(dialog.getByText('The percentage must be a percentage from 1 to 100.')).toBeVisible();
    await expect(dialog.getByText('Choose pickup, delivery or both.')).toBeVisible();
    await expect(dialog.getByText('Please check the highlighted fields.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A new offer filled in: money in minor units, the times in the shop's zone with its offset, the code in capitals. */
export const AddOffer: Story = {
  tags: ['!screen'],
  args: { initialEditing: 'new' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.type(dialog.getByLabelText('Title'), '₱30.00 off a weekend order');
    await userEvent.type(dialog.getByLabelText('Promo code'), 'weekend30');
    await userEvent.selectOptions(dialog.getByLabelText('What it gives'), 'An amount off the order');
    await userEvent.type(dialog.getByLabelText('Amount off (PHP)'), '30');
    await userEvent.type(dialog.getByLabelText('Minimum order (PHP, optional)'), '250');
    await expect(dialog.getByText('For example, an order of ₱500.00 gets ₱30.00 off.')).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Starts (optional)'), '2026-11-28T08:00');
    await userEvent.type(dialog.getByLabelText('Ends (optional)'), '2026-11-29T21:00');
    await userEvent.click(dialog.getByLabelText('Poblacion'));
    await userEvent.type(dialog.getByLabelText('Discount budget in all (PHP, optional)'), '3,000');
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      null,
      expect.objectContaining({
        title: '₱30.00 off a weekend order',
        code: 'WEEKEND30',
        kind: 'amount_off',
        value: 3000,
        max_discount: null,
        min_spend: 25000,
        starts_at: '2026-11-28T08:00:00+08:00',
        ends_at: '2026-11-29T21:00:00+08:00',
        fulfilments: ['pickup', 'delivery'],
        location_ids: [2],
        audience: 'everyone',
        max_uses: null,
        max_discount_total: 300000,
        per_customer_limit: 1,
        combines_with_voucher: false,
      }),
    );
  },
};

/** The provider refused the save (another offer has the code; fewer uses than already used): said under each field. */
export const EditOfferRefused: Story = {
  parameters: { screenshotReplay: true },
  args: {
    selectedId: 7,
    initialEditing: 7,
    onSave: fn(async (): Promise<SaveProblem | null> => ({
      message: 'Check the highlighted fields.',
      fields: { code: 'is the code of another offer', max_uses: 'must be at least 48, the uses so far' },
    })),
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit 10% off this weekend' }));
    await expect(dialog.getByLabelText('Percentage off')).toHaveValue('10');
    await expect(dialog.getByLabelText('Most one order gets off (PHP, optional)')).toHaveValue('100.00');
    await expect(dialog.getByLabelText('Starts')).toHaveValue('2026-11-20T00:00');
    await userEvent.clear(dialog.getByLabelText('Uses in all (optional)'));
    await userEvent.type(dialog.getByLabelText('Uses in all (optional)'), '40');
    await userEvent.click(dialog.getByRole('button', { name: 'Save offer' }));
    await expect(args.onSave).toHaveBeenCalledWith(7, expect.objectContaining({ max_uses: 40, code: 'KOPI10', starts_at: '2026-11-20T00:00:00+08:00' }));
    await expect(await dialog.findByText('The uses in all must be at least 48, the uses so far.')).toBeVisible();
    await expect(dialog.getByText('The code is the code of another offer.')).toBeVisible();
  },
};

/** A single-use offer's page: how many of its codes are used, the form that makes a batch, and each batch to download. */
export const SingleUseCodes: Story = {
  args: { offers: [consoleFlyerOffer, ...consoleOffers], selectedId: 14, codeBatches: flyerBatches },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const section = within(canvas.getByRole('region', { name: 'Single-use codes' }));
    await expect(section.getByText('Each code works once: 87 of 1,200 used. A cancelled order gives its code back.')).toBeVisible();
    const batches = within(section.getByRole('list', { name: 'Batches of codes' }));
    const first = within(batches.getAllByRole('listitem')[1]!);
    await expect(first.getByText(/87 used, 913 unused$/)).toBeVisible();
    await expect(first.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/v2/merchant/offers/codes.csv?batch_id=2');
    await userEvent.clear(section.getByLabelText('How many codes'));
    await userEvent.type(section.getByLabelText('How many codes'), '500');
    await userEvent.type(section.getByLabelText('Prefix (optional)'), 'book');
    await userEvent.click(section.getByRole('button', { name: 'Make codes' }));
    await expect(args.onMakeCodes).toHaveBeenCalledWith(14, 500, 'BOOK');
    await expect(await section.findByText('500 codes made. Download them below.')).toBeVisible();
  },
};

/** Too many codes, or a prefix with a dash: said under the field, nothing sent. */
export const SingleUseCodesErrors: Story = {
  parameters: { screenshotReplay: true },
  args: { offers: [consoleFlyerOffer, ...consoleOffers], selectedId: 14, codeBatches: flyerBatches },
  play: async ({ canvasElement, args }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'Single-use codes' }));
    await userEvent.clear(section.getByLabelText('How many codes'));
    await userEvent.type(section.getByLabelText('How many codes'), '20000');
    await userEvent.click(section.getByRole('button', { name: 'Make codes' }));
    await expect(await section.findByText('The number of codes must be a whole number from 1 to 10,000.')).toBeVisible();
    await userEvent.clear(section.getByLabelText('How many codes'));
    await userEvent.type(section.getByLabelText('How many codes'), '50');
    await userEvent.type(section.getByLabelText('Prefix (optional)'), 'FLY-1');
    await userEvent.click(section.getByRole('button', { name: 'Make codes' }));
    await expect(await section.findByText('The prefix must be up to 8 letters and digits.')).toBeVisible();
    await expect(args.onMakeCodes).not.toHaveBeenCalled();
    section.getByLabelText('Prefix (optional)').focus();
  },
};

/** A single-use offer with no codes yet, read by staff: no form, no download, just how to get codes. */
export const SingleUseNoCodesStaff: Story = {
  tags: ['!screen'],
  args: { offers: [{ ...consoleFlyerOffer, single_codes: 0, single_codes_used: 0 }, ...consoleOffers], selectedId: 14, codeBatches: [], canEdit: false },
  play: async ({ canvasElement }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'Single-use codes' }));
    await expect(section.getByText('No codes yet.')).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Make codes' })).toBeNull();
  },
};

/** The batches still loading, and then not loaded: a way to try again. */
export const SingleUseCodesLoadError: Story = {
  tags: ['!screen'],
  args: {
    offers: [consoleFlyerOffer, ...consoleOffers],
    selectedId: 14,
    codeBatches: undefined,
    codeBatchesError: 'We could not reach the server.',
    onCodeBatchesRetry: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We could not load the codes')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onCodeBatchesRetry).toHaveBeenCalled();
  },
};

/** A single-use offer in the list, and added: ticked, the code field goes and it is sent without a code. */
export const AddSingleUseOffer: Story = {
  tags: ['!screen'],
  args: { offers: [consoleFlyerOffer, ...consoleOffers] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'Offers' }));
    await expect(within(list.getByRole('listitem', { name: consoleFlyerOffer.title })).getByText('Single-use codes')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add an offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an offer' }));
    await userEvent.type(dialog.getByLabelText('Title'), 'Bookshop flyer');
    await userEvent.click(dialog.getByLabelText('Single-use codes instead of one code'));
    await expect(dialog.queryByLabelText('Promo code')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Add offer' }));
    await expect(args.onSave).toHaveBeenCalledWith(null, expect.objectContaining({ title: 'Bookshop flyer', code: null, single_use: true }));
  },
};
