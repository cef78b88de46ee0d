/** Where the user is: plain state, no router (one window, a handful of screens). */
export type View =
  | { page: 'carriers'; adding?: boolean }
  | { page: 'fleet'; carrierId: string }
  | { page: 'downloads' }
  | { page: 'storage' }
  | { page: 'review' }
  | { page: 'compare' }
  | { page: 'settings' };

export function sameView(a: View, b: View): boolean {
  return a.page === b.page && (a.page !== 'fleet' || (b.page === 'fleet' && a.carrierId === b.carrierId));
}
