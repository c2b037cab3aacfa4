/**
 * The domain events the users module publishes (GUIDE §1: reactions that flow upward go through
 * the transactional outbox). Written in the transaction of the change; subscribers handle them
 * after the commit, at least once.
 */
export interface AccountDeletedEvent {
  userId: string;
  /** ISO 8601: when the account was deleted */
  at: string;
}

export type UsersEvents = {
  /** a member deleted their account: every module erases or anonymises what it holds of them (docs/privacy.md) */
  'users.account-deleted': AccountDeletedEvent;
};
