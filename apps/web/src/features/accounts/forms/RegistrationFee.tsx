import { lazy, Suspense } from 'react';

// Most journals charge nothing at registration: the banner's code loads only where one does.
const PaymentBanner = lazy(async () => ({ default: (await import('./PaymentBanner')).PaymentBanner }));

/** The registration fee's banner (spec 01 §2), where the journal charges one. */
export function RegistrationFee({
  info,
}: {
  info: { atRegister: boolean; atRegisterPrice: string | null } | undefined;
}) {
  if (!info?.atRegister) return null;
  return (
    <Suspense fallback={null}>
      <PaymentBanner price={info.atRegisterPrice} />
    </Suspense>
  );
}
