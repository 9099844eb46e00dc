import { MEMBERSHIP_TYPES } from '@journals/core/enums';
import { specFieldName } from '@journals/core/errors';
import { PAYMENT_CURRENCY } from '@journals/core/rules/payments';
import {
  type PaymentSettings,
  type PaymentSettingsRequest,
  paymentSettingsRequest,
  withStoredKey,
} from '@journals/core/schemas/payment-settings';
import { Alert, Button, Group, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FormSection } from '../../../components/FormSection';
import { QueryView } from '../../../components/QueryView';
import { useSettingsForm } from '../settings-form';
import { required } from '../../../lib/forms';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { usePaymentSettings, useSavePaymentSettings } from './api';
import { ScreenHeading } from '../../../components/ScreenHeading';

const FEES = ['atRegister', 'atUpload', 'atPublish', 'atDownload'] as const;
type Fee = (typeof FEES)[number];
type Membership = (typeof MEMBERSHIP_TYPES)[keyof typeof MEMBERSHIP_TYPES];
const MEMBERSHIPS: readonly number[] = Object.values(MEMBERSHIP_TYPES);
type Values = {
  merchantId: string;
  securityKey: string;
  merchantName: string;
  membershipType: Membership | null;
} & Record<Fee, boolean> &
  Record<`${Fee}Price`, string>;

const valuesOf = ({ securityKeySet: _set, ...stored }: PaymentSettings): Values => ({
  ...stored,
  securityKey: '',
  membershipType: MEMBERSHIPS.includes(stored.membershipType ?? 0) ? (stored.membershipType as Membership) : null,
  atRegisterPrice: stored.atRegisterPrice ?? '',
  atUploadPrice: stored.atUploadPrice ?? '',
  atPublishPrice: stored.atPublishPrice ?? '',
  atDownloadPrice: stored.atDownloadPrice ?? '',
});

/**
 * The payment settings screen (spec 03 §3 and §5; issue 22 §2): the gateway's three fields, then the four fees, each
 * a switch with its price, the download membership monthly or yearly. The fees stay disabled until the gateway is
 * filled in; the security key is never shown (an empty field keeps the stored one).
 */
export function PaymentSettingsPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const query = usePaymentSettings(slug);
  return (
    <Stack gap="lg" maw={860}>
      <ScreenHeading title={t('backoffice.screen_payment')} intro={t('paymentSettings.intro')} />
      <QueryView query={query} failedTitle={t('paymentSettings.load_failed')}>
        {(data) => <PaymentSettingsForm slug={slug} stored={data} />}
      </QueryView>
    </Stack>
  );
}

function PaymentSettingsForm({ slug, stored }: { slug: string; stored: PaymentSettings }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const form = useSettingsForm<Values, PaymentSettingsRequest>({
    initial: () => valuesOf(stored),
    save: useSavePaymentSettings(slug),
    request: (values) => values,
    // The form checks with the server's rules; a stored key stands in for an empty field, as on the server.
    check: {
      schema: paymentSettingsRequest,
      value: (values) => withStoredKey(values, stored.securityKeySet ? 'stored' : ''),
    },
    incomplete: 'paymentSettings.incomplete',
    secret: 'securityKey',
  });
  const { values, set, errorOf } = form;
  const text = (field: 'merchantId' | 'securityKey' | 'merchantName') => ({
    label: t(`paymentSettings.${field}`),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    error: errorOf(field),
    'data-field': specFieldName([field]),
  });
  // Spec 03 §5: the fees wait for the gateway (a stored key counts).
  const gatewayReady =
    values.merchantId.trim() !== '' &&
    values.merchantName.trim() !== '' &&
    (values.securityKey.trim() !== '' || stored.securityKeySet);
  const currency = dynamicT(`paymentSettings.currency_${PAYMENT_CURRENCY.toLowerCase()}`);

  return (
    <form
      ref={form.formRef}
      noValidate
      data-testid="payment-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="lg">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <FormSection title={t('paymentSettings.section_merchant')}>
          <TextInput {...text('merchantId')} {...required} dir="ltr" autoComplete="off" />
          <PasswordInput
            {...text('securityKey')}
            {...(stored.securityKeySet ? {} : required)}
            description={t(
              stored.securityKeySet ? 'paymentSettings.securityKey_set' : 'paymentSettings.securityKey_unset',
            )}
            dir="ltr"
            autoComplete="new-password"
          />
          <TextInput {...text('merchantName')} {...required} autoComplete="off" />
        </FormSection>
        <FormSection title={t('paymentSettings.section_fees')}>
          {!gatewayReady && (
            <Alert color="blue" icon={<IconLock size={18} aria-hidden />} data-testid="fees-locked">
              {t('paymentSettings.fees_locked')}
            </Alert>
          )}
          {FEES.map((fee) => (
            <Group key={fee} align="flex-start" justify="space-between" wrap="wrap" gap="md" data-testid={`fee-${fee}`}>
              <Switch
                label={t(`paymentSettings.${fee}`)}
                description={t(`paymentSettings.${fee}_hint`)}
                checked={values[fee]}
                disabled={!gatewayReady}
                onChange={(event) => set(fee, event.currentTarget.checked)}
                style={{ flex: '1 1 18rem' }}
              />
              <Group align="flex-start" gap="sm" wrap="nowrap">
                {fee === 'atDownload' && (
                  <Stack gap={4} data-field={specFieldName(['membershipType'])}>
                    <Text size="sm" fw={500} id="membership-label">
                      {t('paymentSettings.membershipType')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="membership-label"
                      disabled={!gatewayReady || !values.atDownload}
                      value={values.membershipType === null ? '' : String(values.membershipType)}
                      onChange={(value) => set('membershipType', Number(value) as Membership)}
                      data={[
                        { value: String(MEMBERSHIP_TYPES.monthly), label: t('paymentSettings.membership_monthly') },
                        { value: String(MEMBERSHIP_TYPES.yearly), label: t('paymentSettings.membership_yearly') },
                      ]}
                    />
                    {errorOf('membershipType') && (
                      <Text size="xs" c="red.8" role="alert">
                        {errorOf('membershipType')}
                      </Text>
                    )}
                  </Stack>
                )}
                <TextInput
                  label={t('paymentSettings.price', { currency })}
                  value={values[`${fee}Price`]}
                  onChange={(event) => set(`${fee}Price`, event.currentTarget.value)}
                  error={errorOf(`${fee}Price`)}
                  data-field={specFieldName([`${fee}Price`])}
                  disabled={!gatewayReady || !values[fee]}
                  {...(values[fee] ? required : {})}
                  inputMode="decimal"
                  dir="ltr"
                  w={190}
                />
              </Group>
            </Group>
          ))}
        </FormSection>
        <Group justify="flex-end">
          <Button type="submit" loading={form.saving} data-testid="save-payment-settings">
            {t('paymentSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
