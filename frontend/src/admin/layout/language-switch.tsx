/** Türkçe / English, remembered in this browser (i18n/language.tsx). */
import { commonMessages } from '../i18n/common-messages.ts';
import { LANGUAGES, useLanguage, useMessages } from '../i18n/language.tsx';

export function LanguageSwitch() {
  const t = useMessages(commonMessages);
  const { language, setLanguage } = useLanguage();
  return (
    <div className="admin-language-switch" role="group" aria-label={t.language.label}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={option === language ? 'is-active' : undefined}
          aria-pressed={option === language}
          onClick={() => setLanguage(option)}
          title={t.language[option]}
        >
          {option.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
