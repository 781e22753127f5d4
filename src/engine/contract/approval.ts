// Which control.approval nodes are governed: pure, shared by the node's workflow handler (which then
// takes only the decision its approval request sends) and the raw approve signal's refusal.

/** The approval node's type. */
export const APPROVAL_NODE_TYPE = 'control.approval';

/** Params that make an approval governed (present at all, even as a template still to resolve). */
const GOVERNING_PARAMS = ['approvers', 'links', 'form'] as const;

/**
 * Whether the node's params ask for more than one plain yes or no from anyone: named or link
 * approvers, a quorum other than one, or a form. Such an approval is decided only through its
 * approval request, whose signal carries the request's `approval_id`.
 */
export function isGovernedApproval(params: Record<string, unknown>): boolean {
  const set = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
  return GOVERNING_PARAMS.some((p) => set(params[p])) || (params.quorum !== undefined && params.quorum !== 1);
}
