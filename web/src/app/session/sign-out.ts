/** Spec section 9: the full redirect after sign-out waits about 100 ms. */
export const SIGN_OUT_REDIRECT_DELAY_MS = 100;

/** Where a signed-out browser lands. */
export const SIGNED_OUT_HOME = '/';

export interface SignOutSteps {
  /** forget the signed-in user in this tab (React state and the GraphQL cache) */
  clearLocalUser: () => unknown;
  /** the `logout` mutation; its failure does not stop the sign-out */
  callServer: () => Promise<unknown>;
  storages: readonly Pick<Storage, 'clear'>[];
  /** a full page load, so no state of the old session survives */
  redirect: (url: string) => void;
}

const quietly = async (step: () => unknown): Promise<void> => {
  try {
    await step();
  } catch {
    // Signing out must finish even when a step fails: the redirect below ends the old session's page.
  }
};

/**
 * The sign-out sequence of spec section 4: clear the local user, call the server, clear local and
 * session storage, then after about 100 ms redirect to the home page, also when the call fails.
 */
export async function runSignOut(steps: SignOutSteps): Promise<void> {
  await quietly(steps.clearLocalUser);
  await quietly(steps.callServer);
  for (const storage of steps.storages) {
    await quietly(() => storage.clear());
  }
  await new Promise<void>((resolve) => setTimeout(resolve, SIGN_OUT_REDIRECT_DELAY_MS));
  steps.redirect(SIGNED_OUT_HOME);
}
