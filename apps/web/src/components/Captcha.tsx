import { Input } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n';
import { requiredMark } from '../lib/forms';

interface CaptchaProps {
  /** Receives the solved payload, or '' when the widget is not (or no longer) verified. */
  onChange: (payload: string) => void;
  error?: string;
  /** Change it to get a fresh challenge (a solution is accepted once by the server). */
  resetKey?: number;
}

type WidgetElement = HTMLElementTagNameMap['altcha-widget'];
type StateEvent = CustomEvent<{ state: string; payload?: string }>;

/** The ALTCHA proof-of-work widget (DESIGN §6), loaded on first use so pages without a form stay small. */
export function Captcha({ onChange, error, resetKey = 0 }: CaptchaProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const labelId = useId();
  const widget = useRef<WidgetElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    void import('altcha').then(() => import('altcha/i18n/ar'));
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as StateEvent).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  useEffect(() => {
    if (resetKey === 0) return;
    widget.current?.reset?.();
    onChangeRef.current('');
  }, [resetKey]);

  return (
    <Input.Wrapper label={t('accounts.captcha')} labelElement="div" id={labelId} error={error} {...requiredMark}>
      <div role="group" aria-labelledby={labelId} className="captcha">
        <altcha-widget ref={widget} challenge="/api/captcha" language={language} name="altcha" />
      </div>
    </Input.Wrapper>
  );
}
