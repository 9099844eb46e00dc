import type { Language } from '@journals/core/enums';
import { formatDay } from '@journals/core/format';
import { isoDay } from '@journals/core/reviewing';
import { missingNoticeText, NOTICE_KINDS, type NoticeKind } from '@journals/core/rules/notices';
import { noticeRequest, type NoticeView } from '@journals/core/schemas/notices';
import { specFieldName } from '@journals/core/errors';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CheckedForm } from '../../../components/FormParts';
import { parseErrors, serverErrors, useFieldErrors } from '../../../lib/field-errors';
import { required } from '../../../lib/forms';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { usePaperNotices, usePublishNotice } from './notices-api';

/** Each kind's colour, as the public banner shows it: a retraction red, a concern orange, a correction blue. */
export const NOTICE_COLOR: Record<NoticeKind, string> = {
  retraction: 'red',
  expressionOfConcern: 'orange',
  correction: 'blue',
};

/**
 * A published paper's notices on its archive-management page (issue 46 §2, decision 0087): those published, and
 * a form to publish a correction, an expression of concern or a retraction, asked to be confirmed before it is.
 */
export function PaperNotices({
  paperId,
  titles,
  published,
}: {
  paperId: number;
  titles: { en: string; ar: string };
  published: boolean;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const notices = usePaperNotices(slug, paperId, published);
  const [opened, setOpened] = useState(false);
  const title = (language === 'ar' ? titles.ar || titles.en : titles.en || titles.ar).trim();
  if (!published) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="notices-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="notices-title">
            {t('notices.title')}
          </Title>
          <Button
            variant="light"
            color="red"
            leftSection={<IconAlertTriangle size={18} aria-hidden />}
            onClick={() => setOpened(true)}
            data-testid="notice-open"
          >
            {t('notices.publish')}
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          {t('notices.intro')}
        </Text>
        {notices.isError && <Alert color="red">{t('notices.load_failed')}</Alert>}
        {notices.data?.notices.length === 0 && <Text size="sm">{t('notices.none')}</Text>}
        {notices.data?.notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} language={language} dynamicT={dynamicT} slug={slug} />
        ))}
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('notices.publish')} size="lg" centered>
        {opened && <NoticeForm paperId={paperId} title={title} onClose={() => setOpened(false)} />}
      </Modal>
    </Paper>
  );
}

function NoticeItem({
  notice,
  language,
  dynamicT,
  slug,
}: {
  slug: string;
  notice: NoticeView;
  language: Language;
  dynamicT: (key: string, params?: Record<string, string | number>) => string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="notice-item" data-kind={notice.kind}>
      <Group gap="xs" mb={4}>
        <Badge color={NOTICE_COLOR[notice.kind]} variant="light">
          {dynamicT(`notices.kind_${notice.kind}`)}
        </Badge>
        <Text size="sm">{formatDay(notice.noticeDate, language)}</Text>
      </Group>
      {(['en', 'ar'] as const)
        .filter((each) => notice.text[each] !== '')
        .map((each) => (
          <Text key={each} size="sm" lang={each} dir={each === 'ar' ? 'rtl' : 'ltr'} style={{ whiteSpace: 'pre-line' }}>
            {notice.text[each]}
          </Text>
        ))}
      {notice.doi && (
        <Text size="xs" mt={4} data-testid="notice-doi">
          <span dir="ltr">https://doi.org/{notice.doi}</span>
          {notice.deposit && (
            <>
              {' · '}
              <span data-state={notice.deposit.state}>
                {dynamicT('notices.deposit', { state: dynamicT(`doi.state_${notice.deposit.state}`) })}
              </span>
            </>
          )}
        </Text>
      )}
      {notice.deposit?.state === 'failed' && notice.deposit.message && (
        <Text size="xs" c="red.8" dir="auto">
          {notice.deposit.message.startsWith('doi.') ? dynamicT(notice.deposit.message) : notice.deposit.message}
        </Text>
      )}
      <Anchor component={Link} to={`/${slug}/archive/notices/${notice.id}`} size="xs">
        {dynamicT('notices.open_page')}
      </Anchor>
      <Text size="xs" c="gray.7" mt={4}>
        {dynamicT('notices.by', {
          name: notice.createdBy ?? '—',
          date: formatDay(notice.createdAt.slice(0, 10), language),
        })}
      </Text>
    </Paper>
  );
}

function NoticeForm({ paperId, title, onClose }: { paperId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const { slug, journal } = useJournal();
  const publish = usePublishNotice(slug, paperId);
  const [values, setValues] = useState({
    kind: '',
    textEn: '',
    textAr: '',
    noticeDate: isoDay(new Date()),
    doi: '',
  });
  const [confirming, setConfirming] = useState(false);
  // A correction's corrected PDF, the paper's new version of record (decision 0089).
  const [correctedFile, setCorrectedFile] = useState<File | null>(null);
  const withFile = values.kind === 'correction' ? correctedFile : null;
  const { setErrors, errorOf } = useFieldErrors();
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const defaultLanguage = journal.journalData.defaultLanguage;

  const check = () => {
    const parsed = noticeRequest.safeParse(values);
    const errors = parsed.success ? {} : parseErrors(parsed.error.issues);
    const missing = missingNoticeText(values, defaultLanguage);
    if (missing) errors[specFieldName([missing])] = ['notices.text_required'];
    setErrors(errors);
    if (Object.keys(errors).length === 0) setConfirming(true);
  };

  const send = () =>
    publish.mutate(
      { body: { ...values, kind: values.kind as NoticeKind }, correctedFile: withFile },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, autoClose: 3000 });
          onClose();
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          setConfirming(false);
        },
      },
    );

  if (confirming)
    return (
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('notices.confirm_title')}
        </Title>
        <Text size="sm">{t('notices.confirm_text', { kind: dynamicT(`notices.kind_${values.kind}`), title })}</Text>
        {withFile && <Text size="sm">{t('notices.corrected_file_confirm', { name: withFile.name })}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('notices.cancel')}
          </Button>
          <Button
            color={NOTICE_COLOR[values.kind as NoticeKind]}
            loading={publish.isPending}
            onClick={send}
            data-testid="notice-confirm"
          >
            {t('notices.confirm')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <CheckedForm onSubmit={check}>
      <Stack gap="md">
        <Select
          label={t('notices.kind')}
          data={NOTICE_KINDS.map((kind) => ({ value: kind, label: dynamicT(`notices.kind_${kind}`) }))}
          value={values.kind || null}
          onChange={(value) => set('kind')(value ?? '')}
          error={errorOf('Kind')}
          allowDeselect={false}
          {...required}
          data-testid="notice-kind"
        />
        {(defaultLanguage === 'ar' ? (['textAr', 'textEn'] as const) : (['textEn', 'textAr'] as const)).map((field) => (
          <Textarea
            key={field}
            label={t(field === 'textEn' ? 'notices.text_en' : 'notices.text_ar')}
            value={values[field]}
            onChange={(event) => set(field)(event.currentTarget.value)}
            error={errorOf(specFieldName([field]))}
            dir={field === 'textAr' ? 'rtl' : 'ltr'}
            lang={field === 'textAr' ? 'ar' : 'en'}
            autosize
            minRows={3}
            {...(field === (defaultLanguage === 'ar' ? 'textAr' : 'textEn') ? required : {})}
            data-testid={`notice-${field}`}
          />
        ))}
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('notices.noticeDate')}
            value={values.noticeDate}
            onChange={(event) => set('noticeDate')(event.currentTarget.value)}
            error={errorOf('NoticeDate')}
            dir="ltr"
            {...required}
            data-testid="notice-date"
          />
          <TextInput
            label={t('notices.doi')}
            description={t('notices.doi_hint')}
            value={values.doi}
            onChange={(event) => set('doi')(event.currentTarget.value)}
            error={errorOf('Doi')}
            dir="ltr"
            data-testid="notice-doi"
          />
        </Group>
        {values.kind === 'correction' && (
          <FileInput
            label={t('notices.corrected_file')}
            description={t('notices.corrected_file_hint')}
            accept="application/pdf,.pdf"
            value={correctedFile}
            onChange={setCorrectedFile}
            error={errorOf('CorrectedFile')}
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            clearable
            data-testid="notice-corrected-file"
          />
        )}
        {publish.error && Object.keys(serverErrors(publish.error)).length === 0 && (
          <Alert color="red" role="alert">
            {publish.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('notices.cancel')}
          </Button>
          <Button type="submit" data-testid="notice-submit">
            {t('notices.publish')}
          </Button>
        </Group>
      </Stack>
    </CheckedForm>
  );
}
