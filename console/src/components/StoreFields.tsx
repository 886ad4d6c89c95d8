// Inputs shared by sign-up and store settings: a searchable IANA time zone list and currencies.
import { Select, type SelectProps } from '@mantine/core';

function zones(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const list = supported ? supported('timeZone') : [];
  return list.includes('UTC') ? list : ['UTC', ...list];
}

const ZONES = zones();

export function TimezoneSelect(props: Omit<SelectProps, 'data'>) {
  const value = typeof props.value === 'string' ? props.value : null;
  const data = value && !ZONES.includes(value) ? [value, ...ZONES] : ZONES;
  return <Select label="Time zone" description="Opening hours and bookings are in this zone" searchable nothingFoundMessage="No such time zone" limit={50} required data={data} {...props} />;
}

const CURRENCIES = ['GHS', 'NGN', 'KES', 'ZAR', 'UGX', 'TZS', 'XOF', 'USD', 'EUR', 'GBP'];

export function CurrencySelect(props: Omit<SelectProps, 'data'>) {
  const value = typeof props.value === 'string' ? props.value : null;
  const data = value && !CURRENCIES.includes(value) ? [value, ...CURRENCIES] : CURRENCIES;
  return <Select label="Currency" searchable required allowDeselect={false} data={data} {...props} />;
}
