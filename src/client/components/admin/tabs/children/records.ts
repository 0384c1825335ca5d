import { queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { tabText } from '../tab-words';

type Outputs = RouterOutputs;
export type Child = Outputs['children']['list'][number];
/** What the credentials dialog shows: a new account's login, a masked existing one, or a reset password. */
export type Credentials = Outputs['children']['generateParentLogin'] | Outputs['children']['resetParentPassword'];

export const TRY_AGAIN = tabText('staff.tryAgain');

/** Refreshes the lists a child's write changes: the children, the applications and the overview. */
export function invalidateChildren() {
  void queryClient.invalidateQueries(trpc.children.pathFilter());
  void queryClient.invalidateQueries(trpc.applications.pathFilter());
  void queryClient.invalidateQueries(trpc.overview.pathFilter());
}
