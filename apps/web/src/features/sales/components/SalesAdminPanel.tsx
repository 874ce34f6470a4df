import { useMemo, useState } from 'react';
import { ApolloError, useMutation, useQuery } from '@apollo/client';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { NumberField } from '../../../shared/forms/NumberField.tsx';
import { useTranslation } from 'react-i18next';
import { ISO_4217_CODES } from '@sitelens/domain';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { SALES_SETTINGS, SALES_ZONES, SET_SALES_EXCHANGE_RATE, SET_SALES_REPORTING_CURRENCY, SET_ZONE_SHOP_CODE, type SalesSettings } from '../graphql/sales.ts';

const CURRENCIES = [...ISO_4217_CODES].sort();

/** The reason a settings call was refused, in words (BAD_USER_INPUT reasons of the sales module). */
function useSettingsError() {
  const { t } = useTranslation();
  return (e: unknown) => {
    const reason = e instanceof ApolloError ? e.graphQLErrors[0]?.extensions?.reason : undefined;
    showToast(typeof reason === 'string' ? t(`sales.import.admin.errors.${reason}`, { defaultValue: t('errors.common') }) : t('errors.common'), 'error');
  };
}

/**
 * Administrators' part of the import page: which zone each shop id names (its shop code), the
 * reporting currency and the exchange rates other currencies are converted with.
 */
export function SalesAdminPanel({ settings }: { settings: SalesSettings }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sales-admin-title">
      <Title order={2} size="h4" id="sales-admin-title">
        {t('sales.import.admin.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('sales.import.admin.description')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <ShopCodes shops={settings.shops} />
        <Currencies settings={settings} />
      </SimpleGrid>
    </Paper>
  );
}

function ShopCodes({ shops }: { shops: SalesSettings['shops'] }) {
  const { t } = useTranslation();
  const onError = useSettingsError();
  const { data } = useQuery(SALES_ZONES);
  const [zoneId, setZoneId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [save, { loading }] = useMutation(SET_ZONE_SHOP_CODE, { refetchQueries: [SALES_SETTINGS] });
  const zones = useMemo(
    () =>
      (data?.allInstallations ?? []).map((site) => ({
        group: site.name,
        items: site.zones.filter((z) => !z.isDeleted).map((z) => ({ value: String(z.id), label: z.name })),
      })),
    [data],
  );
  const submit = async (id: number, shopCode: string | null) => {
    try {
      await save({ variables: { zoneId: id, shopCode } });
      showToast(t('sales.import.admin.saved'), 'success');
      setCode('');
      setZoneId(null);
    } catch (e) {
      onError(e);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h6">
        {t('sales.import.admin.shopsTitle')}
      </Title>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales.import.admin.shopCode')}</Table.Th>
            <Table.Th>{t('sales.import.admin.zone')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shops.map((s) => (
            <Table.Tr key={s.zoneId}>
              <Table.Td dir="ltr">{s.shopCode}</Table.Td>
              <Table.Td dir="auto">{`${s.installationName} · ${s.zoneName}`}</Table.Td>
              <Table.Td ta="end">
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => void submit(s.zoneId, null)} aria-label={t('sales.import.admin.remove', { code: s.shopCode })}>
                  {t('sales.import.admin.removeShort')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end" wrap="nowrap">
        <Select label={t('sales.import.admin.zone')} data={zones} value={zoneId} onChange={setZoneId} searchable style={{ flex: 2 }} />
        <TextInput label={t('sales.import.admin.shopCode')} value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={64} style={{ flex: 1 }} dir="ltr" />
        <Button onClick={() => zoneId && void submit(Number(zoneId), code)} disabled={!zoneId || code.trim() === ''} loading={loading}>
          {t('sales.import.admin.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function Currencies({ settings }: { settings: SalesSettings }) {
  const { t } = useTranslation();
  const onError = useSettingsError();
  const [currency, setCurrency] = useState<string | null>(null);
  const [rate, setRate] = useState<number | string>('');
  const refetch = { refetchQueries: [SALES_SETTINGS] };
  const [saveReporting] = useMutation(SET_SALES_REPORTING_CURRENCY, refetch);
  const [saveRate, { loading }] = useMutation(SET_SALES_EXCHANGE_RATE, refetch);
  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      showToast(t('sales.import.admin.saved'), 'success');
    } catch (e) {
      onError(e);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h6">
        {t('sales.import.admin.currencyTitle')}
      </Title>
      <Select
        label={t('sales.import.admin.reportingCurrency')}
        description={t('sales.import.admin.reportingHelp')}
        data={CURRENCIES}
        value={settings.reportingCurrency}
        searchable
        allowDeselect={false}
        onChange={(value) => value && void run(() => saveReporting({ variables: { currency: value } }))}
        maw={260}
      />
      <Text size="sm">{t('sales.import.admin.rateHelp', { currency: settings.reportingCurrency })}</Text>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Tbody>
          {settings.exchangeRates.map((r) => (
            <Table.Tr key={r.currency}>
              <Table.Td dir="ltr">{`1 ${r.currency} = ${r.rate} ${settings.reportingCurrency}`}</Table.Td>
              <Table.Td ta="end">
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => void run(() => saveRate({ variables: { currency: r.currency, rate: null } }))} aria-label={t('sales.import.admin.removeRate', { currency: r.currency })}>
                  {t('sales.import.admin.removeShort')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end" wrap="nowrap">
        <Select label={t('sales.import.admin.currency')} data={CURRENCIES.filter((c) => c !== settings.reportingCurrency)} value={currency} onChange={setCurrency} searchable style={{ flex: 1 }} />
        <NumberField label={t('sales.import.admin.rate')} value={rate} onChange={setRate} min={0} decimalScale={6} style={{ flex: 1 }} />
        <Button
          loading={loading}
          disabled={!currency || !(Number(rate) > 0)}
          onClick={() => currency && void run(() => saveRate({ variables: { currency, rate: Number(rate) } }))}
        >
          {t('sales.import.admin.save')}
        </Button>
      </Group>
    </Stack>
  );
}
