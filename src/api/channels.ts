/** Going live (owners): how payments and messages are set up, a test message, and the set-up checklist. */
import type { ChannelsData, ClearDemoInput, Connectable, ConnectInput, TestMessageInput } from '#contract/channels';
import { channelsApi } from '#contract/channels.calls';
import { menuApi } from '#contract/menu.calls';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopApi } from '#contract/shop.calls';
import { tiersConsoleApi } from '#contract/tiers.calls';
import { wheelEditorApi } from '#contract/wheel.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi, keyOf } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** How payments and messages are set up; `ask` false for a member of staff, whom the provider would refuse (the console's frame asks for everyone's page). */
export const useChannels = (ask = true) => useCall(ask ? channelsApi.channels : null);
/** The Overview's checklist: read again when the owner comes back to it, so a step done elsewhere shows ticked. */
export const useSetup = () => useCall(channelsApi.setup, undefined, { revalidateOnMount: true, dedupingInterval: 0 });
/** A test message through the real sender; it changes the activity log. */
export const useSendTestMessage = () => useMutation((input: TestMessageInput) => callApi(channelsApi.testMessage, input), { refreshes: [staffApi.audit.path] });
/** Clears the demo's content (and names the shop at set-up): everything it touched is read again. */
export const useClearDemo = () =>
  useMutation((input: Omit<ClearDemoInput, 'confirm'> = {}) => callApi(channelsApi.clearDemo, { ...input, confirm: true }), {
    refreshes: [
      channelsApi.setup.path,
      menuApi.menu.path,
      shopApi.catalog.path,
      rewardsApi.list.path,
      rewardsEditorApi.list.path,
      wheelEditorApi.editor.path,
      tiersConsoleApi.tiers.path,
      settingsApi.mainSetting.path,
      staffApi.audit.path,
    ],
  });

/** What connecting or disconnecting changes: the page itself (from the answer), the checklist and the activity log. */
const connectionChanges = {
  writes: (answer: ChannelsData) => [{ key: keyOf(channelsApi.channels), data: answer }],
  refreshes: [staffApi.audit.path, channelsApi.setup.path],
};
/** Tests a service's settings with a real call, then saves them (nothing is saved when the test fails). */
export const useConnectService = () =>
  useMutation((input: ConnectInput) => {
    if (input.service === 'stripe') return callApi(channelsApi.connectStripe, { secret_key: input.secret_key, webhook_secret: input.webhook_secret });
    if (input.service === 'twilio')
      return callApi(channelsApi.connectTwilio, { account_sid: input.account_sid, auth_token: input.auth_token, from: input.from });
    return callApi(channelsApi.connectSmtp, { url: input.url, from: input.from });
  }, connectionChanges);
/** Forgets a service connected from the console. */
export const useDisconnectService = () => useMutation((service: Connectable) => callApi(channelsApi.disconnect, { service }), connectionChanges);
