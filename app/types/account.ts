export type AccountTabId = 'dashboard' | 'others' | 'downloads' | 'addresses' | 'details';

export type AccountMenuItem = { id: AccountTabId; label: string };
