import { createContext, useContext } from 'react';

/** Lets any page of a journal open the login dialog that the public shell renders (reset, activate pages). */
export interface LoginDialogControl {
  /** Opens it; once logged in, the user goes to the dashboard of their role. */
  open: () => void;
  /** Opens it; once logged in, the reader stays on the page (a paper whose PDF they signed in to buy). */
  openStaying: () => void;
}

export const LoginDialogContext = createContext<LoginDialogControl>({
  open: () => undefined,
  openStaying: () => undefined,
});

export function useLoginDialog(): LoginDialogControl {
  return useContext(LoginDialogContext);
}
