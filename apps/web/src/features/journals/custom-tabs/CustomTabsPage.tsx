import { specFieldName } from '@journals/core/errors';
import { formatNumber } from '@journals/core/format';
import { TIMINGS } from '@journals/core/limits';
import {
  CUSTOM_TAB_LIMITS,
  type CustomTabAdminNode,
  type CustomTabRequest,
  customTabRequest,
} from '@journals/core/schemas/custom-tabs';
import {
  Badge,
  Button,
  Grid,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '../../../components/FormParts';
import { QueryView } from '../../../components/QueryView';
import { RichTextField } from '../../../components/RichTextField';
import { parseErrors, serverErrors, useFieldErrors } from '../../../lib/field-errors';
import { required } from '../../../lib/forms';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useCustomTabs, useDeleteCustomTab, useSaveCustomTab } from './api';
import { ScreenHeading } from '../../../components/ScreenHeading';

const toast = (color: 'green' | 'red', message: string) =>
  notifications.show({ color, message, autoClose: color === 'green' ? TIMINGS.toastMs : 5000 });

/** What the form edits: a tab, a new main tab, or a new sub-tab of a main tab. */
type Mode = { kind: 'idle' } | { kind: 'edit'; tab: CustomTabAdminNode } | { kind: 'add'; parentId: number | null };

/**
 * The custom tabs screen (spec 03 "Custom tab", §4–§5; issue 22 §2): the tree of main tabs and their sub-tabs with an
 * actions menu (add a main tab, add a sub-tab under the chosen main tab, edit, delete), and the form beside it.
 * Hiding a main tab and deleting one say first that they carry its sub-tabs.
 */
export function CustomTabsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const query = useCustomTabs(slug);
  const remove = useDeleteCustomTab(slug);
  const [selected, setSelected] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const nameOf = (tab: CustomTabAdminNode) => (language === 'ar' ? tab.nameAr : tab.nameEn);

  const confirmDelete = (tab: CustomTabAdminNode) =>
    modals.openConfirmModal({
      title: t('customTabs.delete_title', { name: nameOf(tab) }),
      children: (
        <Text size="sm">
          {tab.subTabs.length > 0
            ? t('customTabs.delete_body_subs', { count: formatNumber(tab.subTabs.length, language) })
            : t('customTabs.delete_body')}
        </Text>
      ),
      labels: { confirm: t('customTabs.delete'), cancel: t('customTabs.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(tab.id, {
          onSuccess: (said) => {
            toast('green', said.message);
            setSelected(null);
            setMode({ kind: 'idle' });
          },
          onError: (error) => toast('red', error.message),
        }),
    });

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_customTabs')} intro={t('customTabs.intro')} />
      <QueryView query={query} failedTitle={t('customTabs.load_failed')}>
        {(data) => {
          const all = data.items.flatMap((tab) => [tab, ...tab.subTabs]);
          const chosen = all.find((tab) => tab.id === selected) ?? null;
          return (
            <Grid gap="lg" align="flex-start">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Paper withBorder radius="lg" p="sm">
                  <Stack gap="sm">
                    <Menu position="bottom-start" withinPortal>
                      <Menu.Target>
                        <Button
                          variant="light"
                          rightSection={<IconChevronDown size={16} aria-hidden />}
                          data-testid="tab-actions"
                        >
                          {t('customTabs.actions')}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconPlus size={16} aria-hidden />}
                          onClick={() => setMode({ kind: 'add', parentId: null })}
                          data-testid="add-main"
                        >
                          {t('customTabs.add_main')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconPlus size={16} aria-hidden />}
                          disabled={!chosen || chosen.parentId !== null}
                          onClick={() => chosen && setMode({ kind: 'add', parentId: chosen.id })}
                          data-testid="add-sub"
                        >
                          {t('customTabs.add_sub')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconPencil size={16} aria-hidden />}
                          disabled={!chosen}
                          onClick={() => chosen && setMode({ kind: 'edit', tab: chosen })}
                          data-testid="edit-tab"
                        >
                          {t('customTabs.edit')}
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} aria-hidden />}
                          disabled={!chosen}
                          onClick={() => chosen && confirmDelete(chosen)}
                          data-testid="delete-tab"
                        >
                          {t('customTabs.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                    {data.items.length === 0 ? (
                      <Text c="gray.7" size="sm">
                        {t('customTabs.empty')}
                      </Text>
                    ) : (
                      <Stack gap={2} role="tree" aria-label={t('customTabs.tree_label')} data-testid="tab-tree">
                        {data.items.map((tab) => (
                          <Stack key={tab.id} gap={2} role="none">
                            <TreeItem
                              tab={tab}
                              name={nameOf(tab)}
                              selected={tab.id === selected}
                              level={1}
                              onSelect={() => {
                                setSelected(tab.id);
                                setMode({ kind: 'edit', tab });
                              }}
                            />
                            {tab.subTabs.map((child) => (
                              <TreeItem
                                key={child.id}
                                tab={child}
                                name={nameOf(child)}
                                selected={child.id === selected}
                                level={2}
                                onSelect={() => {
                                  setSelected(child.id);
                                  setMode({ kind: 'edit', tab: child });
                                }}
                              />
                            ))}
                          </Stack>
                        ))}
                      </Stack>
                    )}
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                {mode.kind === 'idle' ? (
                  <Paper withBorder radius="lg" p="lg">
                    <Text c="gray.7">{t('customTabs.idle')}</Text>
                  </Paper>
                ) : (
                  <TabForm
                    key={mode.kind === 'edit' ? `edit-${mode.tab.id}` : `add-${mode.parentId ?? 'main'}`}
                    slug={slug}
                    mode={mode}
                    mainTabs={data.items}
                    onDone={(id) => {
                      setSelected(id);
                      setMode({ kind: 'idle' });
                    }}
                    onCancel={() => setMode({ kind: 'idle' })}
                  />
                )}
              </Grid.Col>
            </Grid>
          );
        }}
      </QueryView>
    </Stack>
  );
}

function TreeItem({
  tab,
  name,
  selected,
  level,
  onSelect,
}: {
  tab: CustomTabAdminNode;
  name: string;
  selected: boolean;
  level: 1 | 2;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      role="treeitem"
      aria-level={level}
      aria-selected={selected}
      onClick={onSelect}
      data-testid="tab-item"
      px="sm"
      py={6}
      ps={level === 2 ? 36 : 'sm'}
      style={{
        borderRadius: 8,
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={level === 1 ? 700 : 500} c={tab.active ? undefined : 'gray.6'}>
          {name}
        </Text>
        {!tab.active && (
          <Badge variant="outline" color="gray" size="sm" leftSection={<IconEyeOff size={12} aria-hidden />}>
            {t('customTabs.hidden')}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** The add or edit form: names, order, main tab, shown or hidden, the page in both languages. */
function TabForm({
  slug,
  mode,
  mainTabs,
  onDone,
  onCancel,
}: {
  slug: string;
  mode: Exclude<Mode, { kind: 'idle' }>;
  mainTabs: CustomTabAdminNode[];
  onDone: (id: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const save = useSaveCustomTab(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const tab = mode.kind === 'edit' ? mode.tab : null;
  const [values, setValues] = useState({
    nameEn: tab?.nameEn ?? '',
    nameAr: tab?.nameAr ?? '',
    order: tab?.order ?? CUSTOM_TAB_LIMITS.defaultOrder,
    parentId: tab ? tab.parentId : mode.kind === 'add' ? mode.parentId : null,
    active: tab?.active ?? true,
    contentEn: tab?.contentEn ?? '',
    contentAr: tab?.contentAr ?? '',
  });
  const set = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => ({ ...now, [specFieldName([name])]: [] }));
  };
  const isSub = values.parentId !== null;
  const body = (): CustomTabRequest => values;
  const parents = mainTabs.filter((main) => main.id !== tab?.id);

  const send = () =>
    save.mutate(
      { id: tab?.id ?? null, body: body() },
      {
        onSuccess: (answer) => {
          toast('green', answer.message);
          onDone(answer.id);
        },
        onError: (error) => {
          const fields = serverErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else toast('red', error.message);
        },
      },
    );

  const submit = () => {
    const parsed = customTabRequest.safeParse(body());
    if (!parsed.success) return setErrors(parseErrors(parsed.error.issues));
    setErrors({});
    // Hiding a main tab hides its sub-tabs: said first (spec 03 §4).
    if (tab && tab.active && !values.active && tab.parentId === null && tab.subTabs.length > 0) {
      const name = language === 'ar' ? tab.nameAr : tab.nameEn;
      return modals.openConfirmModal({
        title: t('customTabs.hide_title', { name }),
        children: (
          <Text size="sm">{t('customTabs.hide_body', { count: formatNumber(tab.subTabs.length, language) })}</Text>
        ),
        labels: { confirm: t('customTabs.hide_confirm'), cancel: t('customTabs.cancel') },
        confirmProps: { 'data-testid': 'confirm-hide' } as never,
        onConfirm: send,
      });
    }
    send();
  };

  const title = tab
    ? t('customTabs.edit_title', { name: language === 'ar' ? tab.nameAr : tab.nameEn })
    : t(isSub ? 'customTabs.new_sub' : 'customTabs.new_main');
  return (
    <Paper withBorder radius="lg" p="md">
      <form
        noValidate
        data-testid="tab-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {title}
            </Title>
            {tab && (
              <Text size="sm" c="gray.7" data-testid="tab-address">
                {t('customTabs.address', { url: `\u2066/${slug}/page/${tab.slug}\u2069` })}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['nameEn', 'nameAr'] as const).map((name) => (
              <TextInput
                key={name}
                label={t(`customTabs.${name}`)}
                value={values[name]}
                onChange={(event) => set(name, event.currentTarget.value)}
                error={errorOf(specFieldName([name]))}
                dir={name === 'nameAr' ? 'rtl' : 'ltr'}
                maxLength={CUSTOM_TAB_LIMITS.name + 5}
                {...required}
              />
            ))}
            <NumberInput
              label={t('customTabs.order')}
              description={t('customTabs.order_hint')}
              value={values.order}
              onChange={(value) => set('order', typeof value === 'number' ? value : Number.NaN)}
              error={errorOf(specFieldName(['order']))}
              min={CUSTOM_TAB_LIMITS.orderMin}
              max={CUSTOM_TAB_LIMITS.orderMax}
              allowDecimal={false}
              {...required}
            />
            <Select
              label={t('customTabs.parent')}
              data={[
                { value: '', label: t('customTabs.parent_none') },
                ...parents.map((main) => ({
                  value: String(main.id),
                  label: language === 'ar' ? main.nameAr : main.nameEn,
                })),
              ]}
              value={values.parentId === null ? '' : String(values.parentId)}
              onChange={(value) => set('parentId', value ? Number(value) : null)}
              error={errorOf(specFieldName(['parentId']))}
              allowDeselect={false}
              data-testid="tab-parent"
            />
          </SimpleGrid>
          <Switch
            label={t('customTabs.active')}
            checked={values.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
            data-testid="tab-active"
          />
          <RichTextField
            label={t('customTabs.contentEn')}
            value={values.contentEn}
            onChange={(html) => set('contentEn', html)}
            language="en"
            error={errorOf(specFieldName(['contentEn']))}
            field={specFieldName(['contentEn'])}
          />
          <RichTextField
            label={t('customTabs.contentAr')}
            value={values.contentAr}
            onChange={(html) => set('contentAr', html)}
            language="ar"
            error={errorOf(specFieldName(['contentAr']))}
            field={specFieldName(['contentAr'])}
          />
          <FormActions
            onCancel={onCancel}
            saving={save.isPending}
            saveTestId="save-tab"
            labels={{ cancel: t('customTabs.cancel'), save: t('customTabs.save') }}
          />
        </Stack>
      </form>
    </Paper>
  );
}
