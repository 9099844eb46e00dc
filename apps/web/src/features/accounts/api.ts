import type {
  ForgotPasswordRequest,
  LoginRequest,
  MeResponse,
  MessageResponse,
  OrcidRegisterRequest,
  Profile,
  ProfileUpdateRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@journals/core/schemas/accounts';
import type { Language } from '@journals/core/enums';
import type { RegistrationInfo } from '@journals/core/schemas/journals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { useLanguage } from '../../lib/i18n';
import { sessionKey, useSetSession } from '../../lib/session';

/** One fetch function and one TanStack hook per accounts endpoint (spec 01 §7, spec 03 §7). */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}`;
/** The 201 answer of a registration; the checkout of the registration fee when the journal charges one. */
export type RegisterAnswer = MessageResponse & { email: string; paymentUrl?: string; paymentReference?: string };

/** Registration configuration; names of specializations follow the language, so it is refetched when it changes. */
export const registrationInfoQuery = (slug: string, language: Language) => ({
  queryKey: ['registration-info', slug, language],
  queryFn: () => api<RegistrationInfo>(`${base(slug)}/auth/register`),
  staleTime: 5 * 60_000,
});

export function useRegistrationInfo(slug: string) {
  return useQuery(registrationInfoQuery(slug, useLanguage()));
}

export function useRegister(slug: string) {
  return useMutation({
    mutationFn: (body: RegisterRequest) => api<RegisterAnswer>(`${base(slug)}/auth/register`, { method: 'POST', body }),
  });
}

export function useOrcidRegister(slug: string) {
  return useMutation({
    mutationFn: (body: OrcidRegisterRequest) =>
      api<RegisterAnswer>(`${base(slug)}/auth/orcid/register`, { method: 'POST', body }),
  });
}

/** Starts (or resumes) the registration fee of an account waiting for it: it proves itself with its credentials. */
export function useStartRegistrationPayment(slug: string) {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api<{ paymentUrl: string; reference: string }>(`${base(slug)}/payments`, {
        method: 'POST',
        body: { purpose: 'register', ...body },
        globalErrors: false,
      }),
  });
}

export function useResendActivation(slug: string) {
  return useMutation({
    mutationFn: (email: string) =>
      api<MessageResponse>(`${base(slug)}/auth/resend`, { method: 'POST', body: { email } }),
  });
}

export function useActivate() {
  return useMutation({
    mutationFn: (body: { userId: number; code: string }) =>
      api<MessageResponse>('/api/auth/activate', { method: 'POST', body, globalErrors: false }),
  });
}

export function useLogin(slug: string) {
  const setSession = useSetSession(slug);
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      api<MeResponse>(`${base(slug)}/auth/login`, { method: 'POST', body, globalErrors: false }),
    onSuccess: (me) => setSession(me),
  });
}

export function useLogout(slug: string) {
  const client = useQueryClient();
  const setSession = useSetSession(slug);
  return useMutation({
    mutationFn: () => api<MessageResponse>('/api/auth/logout', { method: 'POST', globalErrors: false }),
    onSettled: () => {
      setSession(null);
      client.removeQueries({ queryKey: ['profile', slug] });
    },
  });
}

export function useForgotPassword(slug: string) {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api<MessageResponse>(`${base(slug)}/auth/forgot`, { method: 'POST', body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      api<MessageResponse>('/api/auth/reset', { method: 'POST', body, globalErrors: false }),
  });
}

export function useProfile(slug: string) {
  return useQuery({ queryKey: ['profile', slug], queryFn: () => api<Profile>(`${base(slug)}/profile`) });
}

export function useUpdateProfile(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => api<MessageResponse>(`${base(slug)}/profile`, { method: 'PUT', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['profile', slug] });
      void client.invalidateQueries({ queryKey: sessionKey(slug) });
    },
  });
}

/** Full-page navigations to the server, which sends the browser on to ORCID. */
export const orcidSignInUrl = (slug: string, intent: 'login' | 'register') =>
  `${base(slug)}/auth/orcid?intent=${intent}`;
/** Connecting ORCID to the signed-in account: ORCID proves the iD, then the browser comes back to the profile. */
export const orcidConnectUrl = (slug: string) => `${base(slug)}/profile/orcid/connect`;

export function useDisconnectOrcid(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<MessageResponse>(`${base(slug)}/profile/orcid`, { method: 'DELETE' }),
    // Only the iD changed: the cached profile is patched, not refetched, so nothing else on the page moves.
    onSuccess: () =>
      client.setQueryData<Profile>(['profile', slug], (profile) => profile && { ...profile, orcid: null }),
  });
}
