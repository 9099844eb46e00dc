import { notifications } from '@mantine/notifications';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';

/**
 * Opening the ethics form, which is made on request: the tab opens at once (no popup blocker), shows the form once
 * the server has made it, and closes with "Error downloading PDF" on the page when it could not (spec 02 §8).
 */
export function useOpenEthicsForm() {
  const { t } = useTranslation();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const url = event.currentTarget.href;
    const tab = window.open('', '_blank');
    void fetch(url, { method: 'HEAD', credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      })
      .catch(() => {
        tab?.close();
        notifications.show({ color: 'red', message: t('submissions.ethics_form_failed'), autoClose: 5000 });
      });
  };
}
