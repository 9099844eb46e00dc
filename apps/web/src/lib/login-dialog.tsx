import { createContext, useContext } from 'react';

/** Lets any page of a journal open the login dialog that the public shell renders (reset, activate pages). */
export interface LoginDialogControl {
  open: () => void;
}

export const LoginDialogContext = createContext<LoginDialogControl>({ open: () => undefined });

export function useLoginDialog(): LoginDialogControl {
  return useContext(LoginDialogContext);
}
