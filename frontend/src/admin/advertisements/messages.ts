/** The advertisements screen's texts. The toasts are the spec's (admin-side §8), in Turkish as written. */
import { defineMessages } from '../i18n/language.tsx';

export const advertisementsMessages = defineMessages(
  {
    title: 'Reklam Yönetimi',
    subtitle: 'Yedi reklam alanının kodu (her biri 300x250). Kaydedilen kod sitede hemen görünür.',
    slot: (n: number) => `Reklam ${n}`,
    places: {
      ad1: 'İşletme detay sayfası: 1. reklam alanı',
      ad2: 'İşletme detay sayfası: 2. reklam alanı',
      ad3: 'İşletme detay sayfası: 3. reklam alanı',
      ad4: 'İşletme detay sayfası: 4. reklam alanı',
      ad5: 'Ana sayfa',
      ad6: 'Kategori listesi sayfası',
      ad7: 'Kategori detay sayfası',
    },
    size: (size: string, max: string) => `${size} / ${max}`,
    tooLarge: (max: string, excess: string) => `Bu alan en fazla ${max} olabilir (${excess} fazla). Kaydetmek için kısaltın.`,
    preview: 'Önizleme',
    previewTitle: (n: number) => `Reklam ${n} önizlemesi (300x250)`,
    previewEmpty: 'Bu alanda kod yok: ziyaretçiler burada bir şey görmez (yalnızca giriş yapmış yöneticiler boş alanı görür).',
    previewNote: 'Önizleme kendi yalıtılmış çerçevesinde çalışır; reklamın kodu paneli göremez.',
    unsaved: 'Kaydedilmemiş değişiklikler var',
    reset: 'Sıfırla',
    resetTitle: 'Reklamları sıfırla',
    resetMessage: 'Reklam 1–5 (ad1–ad5) kodları temizlenecek; Reklam 6 ve 7 olduğu gibi kalır. Değişiklik Kaydet ile kalıcı olur.',
    save: 'Kaydet',
    saving: 'Kaydediliyor…',
    saved: 'Reklam kodları kaydedildi',
    saveFailed: 'Kayıt hatası',
    blocked: 'Sınırı aşan bir alan var: kaydetmeden önce kısaltın.',
  },
  {
    title: 'Advertisements',
    subtitle: 'The code of the seven ad slots (300x250 each). Saved code shows on the site at once.',
    slot: (n: number) => `Ad ${n}`,
    places: {
      ad1: 'Business detail page: ad slot 1',
      ad2: 'Business detail page: ad slot 2',
      ad3: 'Business detail page: ad slot 3',
      ad4: 'Business detail page: ad slot 4',
      ad5: 'Home page',
      ad6: 'Category list page',
      ad7: 'Category detail page',
    },
    size: (size: string, max: string) => `${size} / ${max}`,
    tooLarge: (max: string, excess: string) => `This slot may hold at most ${max} (${excess} over). Shorten it to save.`,
    preview: 'Preview',
    previewTitle: (n: number) => `Preview of ad ${n} (300x250)`,
    previewEmpty: 'No code in this slot: visitors see nothing here (only signed-in admins see the empty slot).',
    previewNote: "The preview runs in its own isolated frame; the ad's code cannot see the panel.",
    unsaved: 'Unsaved changes',
    reset: 'Reset',
    resetTitle: 'Reset ads',
    resetMessage: 'The code of ads 1–5 (ad1–ad5) is cleared; ads 6 and 7 stay as they are. Save makes it permanent.',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Ad codes saved',
    saveFailed: 'Save failed',
    blocked: 'A slot is over the limit: shorten it before saving.',
  },
);

/**
 * What a failure toast says under its title (admin-side §8: "status code, colon, space, body text", as
 * ApiError's message reads, e.g. "413: ..."); a network failure's own message otherwise.
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
