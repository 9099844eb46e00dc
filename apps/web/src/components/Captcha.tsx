import '@mantine/core/styles/Input.layer.css';
import { Input } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useLanguage, useTranslation } from '../lib/i18n';
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

/**
 * The ALTCHA proof-of-work widget (DESIGN §6). Its script (about 30 KB compressed) loads when the reader starts on
 * the form, not with the page (issue 8 §4); until then app/styles/public-site.css keeps the widget's place, so
 * nothing moves.
 */
export function Captcha({ onChange, error, resetKey = 0 }: CaptchaProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const labelId = useId();
  const widget = useRef<WidgetElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const group = useRef<HTMLDivElement>(null);
  useEffect(() => loadWhenNeeded(group.current), []);

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
      <div role="group" aria-labelledby={labelId} className="captcha" ref={group}>
        <altcha-widget ref={widget} challenge="/api/captcha" language={language} name="altcha" />
      </div>
    </Input.Wrapper>
  );
}

let loading: Promise<unknown> | null = null;

function loadWidget(): void {
  loading ??= import('altcha').then(() => import('altcha/i18n/ar'));
}

/**
 * Loads the widget's script once the reader starts on its form (a field gets the focus) or reaches for the
 * widget itself; a widget outside any form loads at once.
 */
function loadWhenNeeded(element: HTMLElement | null): (() => void) | undefined {
  if (!element || loading) return undefined;
  const form = element.closest('form');
  if (!form) {
    loadWidget();
    return undefined;
  }
  const load = () => {
    stop();
    loadWidget();
  };
  function stop() {
    form?.removeEventListener('focusin', load);
    element?.removeEventListener('pointerenter', load);
    element?.removeEventListener('pointerdown', load);
  }
  form.addEventListener('focusin', load);
  element.addEventListener('pointerenter', load);
  element.addEventListener('pointerdown', load);
  return stop;
}
