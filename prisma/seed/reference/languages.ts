/**
 * Name material per language: surnames in Latin script, local words for a kind of business ("Bäckerei",
 * "Trattoria") and, for countries that write in another script, native names ("Кофейня «Уют»", "田中歯科").
 * Hand-written for the demo generator.
 */
import type { Kind } from './categories.ts';

export type Language =
  | 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'sv' | 'no' | 'da' | 'pl' | 'cs' | 'el' | 'tr'
  | 'ru' | 'uk' | 'sr' | 'ja' | 'zh' | 'zh-hant' | 'ko' | 'hi' | 'th' | 'fil' | 'ar';

type NativeKind = 'food' | 'cafe' | 'bar' | 'shop' | 'beauty' | 'health' | 'auto' | 'hotel' | 'service';

export interface NativeNames {
  /** Share of businesses named in the native script. */
  share: number;
  /** `kind «word»`, `kind word`, `wordkind` (CJK, no space) or `word kind`. */
  format: 'kind-quoted' | 'kind-word' | 'word-kind' | 'word-space-kind';
  words: readonly string[];
  kinds: Record<NativeKind, readonly string[]>;
}

export interface LanguageNames {
  surnames: readonly string[];
  /** Local words for a kind, used as "<word> <Surname>" (de, it, es...) next to the English templates. */
  localNouns?: Partial<Record<Kind, readonly string[]>>;
  native?: NativeNames;
}

export function nativeKindOf(kind: Kind): NativeKind {
  switch (kind) {
    case 'food': case 'cafe': case 'bar': case 'shop': case 'beauty': case 'health': case 'auto': case 'hotel':
      return kind;
    default:
      return 'service';
  }
}

export const LANGUAGES: Record<Language, LanguageNames> = {
  en: {
    surnames: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Campbell', "O'Connor", "O'Brien", 'Murphy', 'Kelly', 'Patel', 'Nguyen', 'Rossi', 'Chen', 'Kowalski', 'MacLeod'],
  },
  de: {
    surnames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Braun', 'Zimmermann', 'Krüger', 'Huber', 'Gruber', 'Keller', 'Meier', 'Brunner', 'Baumann', 'Frei', 'Steiner', 'Graf'],
    localNouns: {
      food: ['Gasthaus', 'Restaurant', 'Wirtshaus', 'Imbiss'], cafe: ['Café', 'Konditorei', 'Bäckerei'], bar: ['Kneipe', 'Bar', 'Weinstube'],
      shop: ['Laden', 'Fachgeschäft', 'Markt'], beauty: ['Friseur', 'Salon'], health: ['Praxis', 'Apotheke'], auto: ['Autohaus', 'Garage', 'Autowerkstatt'], hotel: ['Hotel', 'Gasthof', 'Pension'],
    },
  },
  fr: {
    surnames: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Girard', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Tremblay', 'Gagnon'],
    localNouns: {
      food: ['Bistrot', 'Brasserie', 'Restaurant', 'Chez'], cafe: ['Café', 'Boulangerie', 'Pâtisserie'], bar: ['Bar', 'Cave à vins'],
      shop: ['Boutique', 'Épicerie', 'Maison'], beauty: ['Salon', 'Institut'], health: ['Cabinet', 'Pharmacie'], auto: ['Garage'], hotel: ['Hôtel', 'Auberge'],
    },
  },
  es: {
    surnames: ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Castillo', 'Ortiz'],
    localNouns: {
      food: ['Restaurante', 'Taberna', 'Mesón', 'Taquería'], cafe: ['Cafetería', 'Panadería', 'Pastelería'], bar: ['Bar', 'Cervecería', 'Bodega'],
      shop: ['Tienda', 'Almacén'], beauty: ['Peluquería', 'Salón'], health: ['Clínica', 'Farmacia', 'Consultorio'], auto: ['Taller'], hotel: ['Hotel', 'Hostal'],
    },
  },
  it: {
    surnames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi'],
    localNouns: {
      food: ['Trattoria', 'Osteria', 'Ristorante', 'Pizzeria'], cafe: ['Caffè', 'Pasticceria', 'Forno'], bar: ['Enoteca', 'Bar'],
      shop: ['Bottega', 'Negozio'], beauty: ['Salone', 'Parrucchiere'], health: ['Studio', 'Farmacia'], auto: ['Officina', 'Autofficina'], hotel: ['Albergo', 'Hotel', 'Locanda'],
    },
  },
  pt: {
    surnames: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Araújo', 'Moreira'],
    localNouns: {
      food: ['Restaurante', 'Tasca', 'Churrascaria', 'Cantina'], cafe: ['Café', 'Pastelaria', 'Padaria'], bar: ['Bar', 'Boteco'],
      shop: ['Loja', 'Mercearia'], beauty: ['Salão', 'Barbearia'], health: ['Clínica', 'Farmácia'], auto: ['Oficina'], hotel: ['Hotel', 'Pousada'],
    },
  },
  nl: {
    surnames: ['De Jong', 'Jansen', 'De Vries', 'Van den Berg', 'Van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'De Boer', 'Mulder', 'De Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Van Leeuwen', 'Dekker', 'Brouwer', 'Peeters', 'Maes', 'Jacobs', 'Willems', 'Claes'],
    localNouns: {
      food: ['Eetcafé', 'Restaurant', 'Brasserie'], cafe: ['Koffiebar', 'Bakkerij', 'Lunchroom'], bar: ['Café', 'Proeflokaal'],
      shop: ['Winkel', 'Warenhuis'], beauty: ['Kapsalon'], health: ['Praktijk', 'Apotheek'], auto: ['Garage', 'Autobedrijf'], hotel: ['Hotel', 'Herberg'],
    },
  },
  sv: { surnames: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Gustafsson', 'Pettersson', 'Jonsson', 'Lindberg', 'Lindström', 'Lindqvist', 'Åberg', 'Sjöberg', 'Lundgren', 'Björk'] },
  no: { surnames: ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Jensen', 'Karlsen', 'Johnsen', 'Pettersen', 'Eriksen', 'Haugen', 'Hagen', 'Dahl', 'Lie', 'Solberg', 'Bakke', 'Strøm', 'Sæther'] },
  da: { surnames: ['Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Poulsen', 'Møller', 'Mortensen'] },
  pl: { surnames: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Kwiatkowski', 'Krawczyk', 'Piotrowski', 'Grabowski', 'Pawłowski'] },
  cs: { surnames: ['Novák', 'Svoboda', 'Novotný', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Pokorný', 'Marek', 'Pospíšil', 'Hájek', 'Král', 'Jelínek', 'Růžička', 'Beneš', 'Fiala'] },
  tr: { surnames: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek'] },
  el: {
    surnames: ['Papadopoulos', 'Vlachos', 'Angelopoulos', 'Nikolaidis', 'Georgiou', 'Petridis', 'Athanasiou', 'Dimitriou', 'Papadakis', 'Oikonomou', 'Konstantinou', 'Ioannou', 'Karagiannis', 'Makris', 'Pappas'],
    native: {
      share: 0.45, format: 'kind-word',
      words: ['Ακρόπολη', 'Ελιά', 'Θάλασσα', 'Ήλιος', 'Παπαδόπουλος', 'Γεωργίου', 'Νικολαΐδης', 'Δημητρίου', 'Παπαδάκης', 'Οικονόμου', 'Αιγαίο', 'Ορίζοντας', 'Πλάτανος'],
      kinds: {
        food: ['Ταβέρνα', 'Εστιατόριο', 'Ψητοπωλείο'], cafe: ['Καφέ', 'Φούρνος', 'Ζαχαροπλαστείο'], bar: ['Μπαρ', 'Ουζερί'], shop: ['Κατάστημα', 'Παντοπωλείο'],
        beauty: ['Κομμωτήριο'], health: ['Φαρμακείο', 'Ιατρείο'], auto: ['Συνεργείο'], hotel: ['Ξενοδοχείο'], service: ['Γραφείο', 'Κέντρο'],
      },
    },
  },
  ru: {
    surnames: ['Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Vasiliev', 'Petrov', 'Sokolov', 'Mikhailov', 'Novikov', 'Fedorov', 'Morozov', 'Volkov', 'Lebedev', 'Semenov', 'Egorov'],
    native: {
      share: 0.55, format: 'kind-quoted',
      words: ['Уют', 'Берёзка', 'Восход', 'Радуга', 'Лето', 'Старый город', 'Кедр', 'Волна', 'Самовар', 'Добрый день', 'Иванов', 'Смирнова', 'Белые ночи', 'Сказка'],
      kinds: {
        food: ['Ресторан', 'Столовая', 'Кафе', 'Пельменная'], cafe: ['Кофейня', 'Пекарня', 'Кондитерская'], bar: ['Бар', 'Пивной бар'], shop: ['Магазин', 'Лавка', 'Универсам'],
        beauty: ['Салон красоты', 'Парикмахерская'], health: ['Аптека', 'Клиника', 'Стоматология'], auto: ['Автосервис', 'Шиномонтаж'], hotel: ['Гостиница', 'Отель', 'Хостел'], service: ['Студия', 'Центр', 'Мастерская'],
      },
    },
  },
  uk: {
    surnames: ['Melnyk', 'Shevchenko', 'Kovalenko', 'Bondarenko', 'Boyko', 'Tkachenko', 'Kravchenko', 'Kovalchuk', 'Koval', 'Oliynyk', 'Shevchuk', 'Polishchuk', 'Lysenko', 'Marchenko'],
    native: {
      share: 0.5, format: 'kind-quoted',
      words: ['Затишок', 'Калина', 'Світанок', 'Веселка', 'Старе місто', 'Дніпро', 'Смачно', 'Львівська', 'Лелека', 'Джерело', 'Шевченко', 'Коваленко'],
      kinds: {
        food: ['Ресторан', 'Їдальня', 'Кафе', 'Варенична'], cafe: ['Кав\'ярня', 'Пекарня', 'Кондитерська'], bar: ['Бар', 'Паб'], shop: ['Магазин', 'Крамниця'],
        beauty: ['Салон краси', 'Перукарня'], health: ['Аптека', 'Клініка', 'Стоматологія'], auto: ['Автосервіс', 'СТО'], hotel: ['Готель', 'Хостел'], service: ['Студія', 'Центр', 'Майстерня'],
      },
    },
  },
  sr: {
    surnames: ['Jovanović', 'Petrović', 'Nikolić', 'Marković', 'Đorđević', 'Stojanović', 'Ilić', 'Stanković', 'Pavlović', 'Milošević', 'Popović', 'Todorović'],
    native: {
      share: 0.4, format: 'kind-word',
      words: ['Дунав', 'Калемегдан', 'Стара чаршија', 'Липа', 'Јовановић', 'Петровић', 'Николић', 'Зора', 'Авала', 'Бели двор'],
      kinds: {
        food: ['Ресторан', 'Кафана', 'Роштиљ'], cafe: ['Кафе', 'Пекара', 'Посластичарница'], bar: ['Бар', 'Пивница'], shop: ['Продавница', 'Радња'],
        beauty: ['Фризерски салон'], health: ['Апотека', 'Ординација'], auto: ['Ауто сервис'], hotel: ['Хотел', 'Хостел'], service: ['Студио', 'Центар'],
      },
    },
  },
  ja: {
    surnames: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Yamaguchi', 'Matsumoto'],
    native: {
      share: 0.6, format: 'word-kind',
      words: ['佐藤', '鈴木', '高橋', '田中', '渡辺', '伊藤', '山本', '中村', '小林', '加藤', '吉田', '山田', '桜', '富士', '和み', '青空'],
      kinds: {
        food: ['食堂', 'ラーメン', '寿司', '居酒屋', 'そば'], cafe: ['珈琲店', 'カフェ', 'ベーカリー', '和菓子店'], bar: ['バー', '酒場'], shop: ['商店', 'ストア', '書店'],
        beauty: ['美容室', 'ヘアサロン'], health: ['歯科医院', 'クリニック', '薬局', '整骨院'], auto: ['自動車', 'モータース'], hotel: ['旅館', 'ホテル'], service: ['事務所', '教室', '工房'],
      },
    },
  },
  zh: {
    surnames: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Lin'],
    native: {
      share: 0.65, format: 'word-kind',
      words: ['老北京', '福满', '金龙', '王记', '李记', '张记', '好运', '东方', '和平', '新华', '长城', '老字号', '川味', '江南'],
      kinds: {
        food: ['饭店', '面馆', '酒家', '火锅', '饺子馆'], cafe: ['咖啡馆', '面包店', '茶馆'], bar: ['酒吧'], shop: ['商店', '超市', '书店'],
        beauty: ['美发店', '美容院'], health: ['药店', '诊所', '牙科'], auto: ['汽车维修', '洗车店'], hotel: ['宾馆', '酒店'], service: ['工作室', '中心', '事务所'],
      },
    },
  },
  'zh-hant': {
    surnames: ['Chan', 'Wong', 'Lee', 'Cheung', 'Lau', 'Ng', 'Leung', 'Ho', 'Lam', 'Tang', 'Lin', 'Tsai'],
    native: {
      share: 0.5, format: 'word-kind',
      words: ['陳記', '李記', '張記', '黃', '王', '林', '金龍', '福滿', '永和', '大同', '九龍', '老街', '好運'],
      kinds: {
        food: ['茶餐廳', '麵家', '酒樓', '燒臘'], cafe: ['咖啡室', '餅店', '茶館'], bar: ['酒吧'], shop: ['商店', '士多', '書局'],
        beauty: ['髮型屋', '美容院'], health: ['藥房', '診所', '牙科'], auto: ['車房', '汽車'], hotel: ['酒店', '賓館'], service: ['工作室', '中心'],
      },
    },
  },
  ko: {
    surnames: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh', 'Seo', 'Shin', 'Kwon'],
    native: {
      share: 0.55, format: 'word-space-kind',
      words: ['행복', '서울', '한강', '우리', '김씨네', '이가네', '박가네', '하늘', '소나무', '푸른', '명동', '새벽'],
      kinds: {
        food: ['식당', '한식당', '국밥', '치킨', '분식'], cafe: ['카페', '베이커리', '떡집'], bar: ['포차', '호프'], shop: ['마트', '상회', '서점'],
        beauty: ['미용실', '헤어샵'], health: ['약국', '치과', '의원', '한의원'], auto: ['자동차정비', '카센터'], hotel: ['호텔', '게스트하우스'], service: ['스튜디오', '학원', '센터'],
      },
    },
  },
  th: {
    surnames: ['Saetang', 'Srisuk', 'Wongsakul', 'Chaiyaporn', 'Suwannarat', 'Thongchai', 'Rattanakorn', 'Boonmee', 'Kaewmanee', 'Somboon'],
    native: {
      share: 0.45, format: 'word-kind',
      words: ['บ้านสวน', 'สมชาย', 'บุญมี', 'ทองดี', 'ศรีสุข', 'แสงทอง', 'มณีรัตน์', 'ริมน้ำ', 'สุขใจ'],
      kinds: {
        food: ['ร้านอาหาร', 'ก๋วยเตี๋ยว', 'ข้าวมันไก่'], cafe: ['ร้านกาแฟ', 'เบเกอรี่'], bar: ['บาร์'], shop: ['ร้านค้า', 'มินิมาร์ท'],
        beauty: ['ร้านเสริมสวย', 'ร้านตัดผม'], health: ['ร้านขายยา', 'คลินิก', 'คลินิกทันตกรรม'], auto: ['อู่ซ่อมรถ'], hotel: ['โรงแรม', 'เกสต์เฮาส์'], service: ['สตูดิโอ', 'ศูนย์'],
      },
    },
  },
  ar: {
    surnames: ['Al Mansouri', 'Al Hashimi', 'Haddad', 'Khalil', 'Hassan', 'Ibrahim', 'Mahmoud', 'Saleh', 'Nasser', 'Farouk', 'El Sayed', 'Mostafa', 'Abdallah', 'Youssef', 'Al Nuaimi', 'Al Shamsi'],
    native: {
      share: 0.45, format: 'kind-word',
      words: ['الشام', 'النور', 'الأمل', 'الخليج', 'النيل', 'الواحة', 'السلام', 'الريان', 'المنصوري', 'حداد', 'خليل', 'الفرسان', 'اللؤلؤة'],
      kinds: {
        food: ['مطعم', 'مشويات', 'مطبخ'], cafe: ['مقهى', 'مخبز', 'حلويات'], bar: ['كافيه'], shop: ['متجر', 'سوبرماركت', 'بقالة'],
        beauty: ['صالون', 'صالون تجميل'], health: ['صيدلية', 'عيادة', 'مركز طبي'], auto: ['ورشة', 'مركز صيانة سيارات'], hotel: ['فندق', 'شقق فندقية'], service: ['مكتب', 'مركز', 'استوديو'],
      },
    },
  },
  hi: { surnames: ['Sharma', 'Verma', 'Gupta', 'Patel', 'Singh', 'Kumar', 'Reddy', 'Iyer', 'Nair', 'Menon', 'Joshi', 'Mehta', 'Shah', 'Agarwal', 'Banerjee', 'Chatterjee', 'Das', 'Rao', 'Pillai', 'Kapoor', 'Malhotra', 'Desai'] },
  fil: { surnames: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Torres', 'Flores', 'Rivera', 'Gonzales', 'Lim', 'Tan'] },
};
