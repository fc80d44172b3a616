/** Texts of the CSV export dialog (spec §2 "CSV export dialog", §8). */
import type { ExportApproval, ExportDateRange, ExportField } from '../../../../../common/api/admin.ts';
import { defineMessages } from '../../i18n/language.tsx';

/** Why an export did not start: the API's `error` code, its line ("{status}: {message}"), and Retry-After. */
export interface ExportRefusal {
  status: number;
  code: string | null;
  /** The server's own line, "{status}: {message}" (spec §8's form). */
  line: string;
  retryAfterSeconds: number | null;
}

const trFields: Record<ExportField, string> = {
  id: 'Kimlik (id)', name: 'İşletme adı', slug: 'URL adı (slug)', category: 'Kategori', type: 'Tür', full_address: 'Tam adres', street: 'Sokak',
  city: 'Şehir', postal_code: 'Posta kodu', country: 'Ülke', country_code: 'Ülke kodu', phone: 'Telefon', latitude: 'Enlem', longitude: 'Boylam',
  rating: 'Puan', reviews: 'Yorum sayısı', reviews_link: 'Yorum bağlantısı', photo: 'Fotoğraf', logo: 'Logo', located_in: 'Bulunduğu yer',
  working_hours: 'Çalışma saatleri', verified: 'Doğrulanmış', about: 'Hakkında', place_id: 'place_id', created_at: 'Oluşturulma tarihi',
  updated_at: 'Güncellenme tarihi', url: 'URL',
};
const enFields: Record<ExportField, string> = {
  id: 'Id', name: 'Business name', slug: 'Slug', category: 'Category', type: 'Type', full_address: 'Full address', street: 'Street',
  city: 'City', postal_code: 'Postal code', country: 'Country', country_code: 'Country code', phone: 'Phone', latitude: 'Latitude', longitude: 'Longitude',
  rating: 'Rating', reviews: 'Review count', reviews_link: 'Reviews link', photo: 'Photo', logo: 'Logo', located_in: 'Located in',
  working_hours: 'Working hours', verified: 'Verified', about: 'About', place_id: 'place_id', created_at: 'Created at',
  updated_at: 'Updated at', url: 'URL',
};

export const exportMessages = defineMessages(
  {
    open: 'CSV Dışa Aktar',
    title: 'CSV Dışa Aktar',
    fields: 'Alanlar',
    fieldLabels: trFields,
    selectAll: 'Tümünü seç',
    selectNone: 'Hiçbirini seçme',
    fieldsSelected: (count: number, total: number) => `${count}/${total} alan seçili`,
    noFields: 'En az bir alan seçin.',
    country: 'Ülke',
    allCountries: 'Tüm ülkeler',
    countryOption: (country: string, count: string) => `${country} · ${count}`,
    countriesFailed: 'Ülke kodları yüklenemedi.',
    approval: 'Onay durumu',
    approvals: { all: 'Tümü', approved: 'Onaylı', pending: 'Onay bekleyen' } satisfies Record<ExportApproval, string>,
    categories: 'Kategoriler',
    categorySearch: 'Kategori ara',
    categoriesLoading: 'Kategoriler yükleniyor…',
    categoriesFailed: 'Kategoriler yüklenemedi. Sayfa yenileyin.',
    noCategories: 'Kategori bulunamadı.',
    noMatch: (query: string) => `"${query}" ile eşleşen kategori yok.`,
    categoriesShown: (shown: string, total: string) => `${total} eşleşmeden ilk ${shown} gösteriliyor.`,
    categoriesFirst: (shown: string, total: string) => `${total} kategoriden ilk ${shown} gösteriliyor; diğerleri için arayın.`,
    categoriesSelected: (count: number) => (count ? `${count} kategori seçili` : 'Kategori seçilmedi: tüm kategoriler'),
    clearCategories: 'Kategori seçimini temizle',
    dateRange: 'Tarih aralığı',
    dateRanges: {
      all: 'Tüm zamanlar', today: 'Bugün', yesterday: 'Dün', last24hours: 'Son 24 saat', last7days: 'Son 7 gün', thisweek: 'Bu hafta',
      thismonth: 'Bu ay', custom: 'Özel aralık',
    } satisfies Record<ExportDateRange, string>,
    startDate: 'Başlangıç tarihi',
    endDate: 'Bitiş tarihi',
    datesRequired: 'Özel aralık için başlangıç ve bitiş tarihlerinin ikisi de gerekli.',
    endBeforeStart: 'Bitiş tarihi başlangıçtan önce olamaz.',
    timeZone: (zone: string) => `Tarihler ${zone} saat dilimine göre.`,
    cancel: 'İptal',
    export: 'Dışa Aktar',
    exporting: 'Hazırlanıyor…',
    success: 'Dışa aktarma başarılı',
    successDetail: 'İndirme başladı.',
    failure: 'Dışa aktarma hatası',
    failedText: 'Export failed',
    invalidChoices: 'Seçimler geçersiz; düzeltip yeniden deneyin.',
    unreachable: 'Sunucuya bağlanılamadı. Lütfen tekrar deneyin.',
    refusal: ({ status, retryAfterSeconds }: Pick<ExportRefusal, 'status' | 'retryAfterSeconds'>) =>
      status === 429
        ? `Şu anda çok fazla dışa aktarma çalışıyor; indirme başlatılmadı. Biri bitince${retryAfterSeconds ? ` (yaklaşık ${retryAfterSeconds} saniye sonra)` : ''} yeniden deneyin.`
        : status === 401
          ? 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.'
          : status === 400
            ? 'Sunucu seçimleri kabul etmedi; indirme başlatılmadı.'
            : status === 503
              ? `Sunucu şu anda dışa aktaramıyor${retryAfterSeconds ? `; yaklaşık ${retryAfterSeconds} saniye sonra` : ', biraz sonra'} yeniden deneyin.`
              : 'Dışa aktarma başlatılamadı; indirme başlatılmadı.',
  },
  {
    open: 'Export CSV',
    title: 'Export CSV',
    fields: 'Fields',
    fieldLabels: enFields,
    selectAll: 'Select all',
    selectNone: 'Select none',
    fieldsSelected: (count: number, total: number) => `${count}/${total} fields selected`,
    noFields: 'Select at least one field.',
    country: 'Country',
    allCountries: 'All countries',
    countryOption: (country: string, count: string) => `${country} · ${count}`,
    countriesFailed: 'The country codes could not be loaded.',
    approval: 'Approval',
    approvals: { all: 'All', approved: 'Approved', pending: 'Pending' },
    categories: 'Categories',
    categorySearch: 'Search categories',
    categoriesLoading: 'Loading categories…',
    categoriesFailed: 'Categories could not be loaded. Refresh the page.',
    noCategories: 'No category found.',
    noMatch: (query: string) => `No category matches "${query}".`,
    categoriesShown: (shown: string, total: string) => `Showing the first ${shown} of ${total} matches.`,
    categoriesFirst: (shown: string, total: string) => `Showing the first ${shown} of ${total} categories; search for the others.`,
    categoriesSelected: (count: number) => (count ? `${count} categories selected` : 'No category selected: every category'),
    clearCategories: 'Clear the category selection',
    dateRange: 'Date range',
    dateRanges: {
      all: 'All time', today: 'Today', yesterday: 'Yesterday', last24hours: 'Last 24 hours', last7days: 'Last 7 days', thisweek: 'This week',
      thismonth: 'This month', custom: 'Custom range',
    },
    startDate: 'Start date',
    endDate: 'End date',
    datesRequired: 'A custom range needs both a start and an end date.',
    endBeforeStart: 'The end date cannot be before the start date.',
    timeZone: (zone: string) => `Dates follow the ${zone} time zone.`,
    cancel: 'Cancel',
    export: 'Export',
    exporting: 'Preparing…',
    success: 'Export succeeded',
    successDetail: 'The download has started.',
    failure: 'Export error',
    failedText: 'Export failed',
    invalidChoices: 'The choices are not valid; correct them and try again.',
    unreachable: 'The server could not be reached. Please try again.',
    refusal: ({ status, retryAfterSeconds }: Pick<ExportRefusal, 'status' | 'retryAfterSeconds'>) =>
      status === 429
        ? `Too many exports are running right now; no download was started. Try again when one has finished${retryAfterSeconds ? ` (in about ${retryAfterSeconds} seconds)` : ''}.`
        : status === 401
          ? 'Your session has ended. Please sign in again.'
          : status === 400
            ? 'The server did not accept the choices; no download was started.'
            : status === 503
              ? `The server cannot export right now; try again ${retryAfterSeconds ? `in about ${retryAfterSeconds} seconds` : 'shortly'}.`
              : 'The export could not be started; no download was started.',
  },
);
