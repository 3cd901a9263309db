/**
 * Stamp cards in the merchant console's Loyalty area: the programmes with their cards, their saves and
 * status changes (the list and the activity log read again). Console-only, like loyalty.ts.
 */
import type { StampProgramInput, StampProgramStatusInput } from '#contract/stamps';
import { stampsConsoleApi } from '#contract/stamps.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useStampPrograms = () => useCall(stampsConsoleApi.programs);

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const programsChanged = () => ({ refreshes: [stampsConsoleApi.programs.path, staffApi.audit.path], wait: true });
/** id null: a new programme */
export const useSaveStampProgram = () =>
  useMutation(
    (id: number | null, program: StampProgramInput) =>
      id === null ? callApi(stampsConsoleApi.create, program) : callApi(stampsConsoleApi.update, { id, program }),
    programsChanged(),
  );
export const useStampProgramStatus = () =>
  useMutation((id: number, status: StampProgramStatusInput['status']) => callApi(stampsConsoleApi.status, { id, status }), programsChanged());
