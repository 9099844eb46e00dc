import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

/** Spec 03 §8: the session has expired; the only way on is OK, which leads to the journal home. */
export default function SessionExpiredDialog({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onLeave}
      title={t('common.session_expired_title')}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack gap="md">
        <Text>{t('errors.unauthenticated')}</Text>
        <Button onClick={onLeave}>{t('common.ok')}</Button>
      </Stack>
    </Modal>
  );
}
