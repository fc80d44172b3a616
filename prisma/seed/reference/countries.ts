/**
 * How each demo country writes addresses, postal codes and phone numbers, and the language its business
 * names are drawn from. Hand-written for the demo generator; patterns use `#` for a digit, `A` for an
 * upper-case letter and `{a}` for the city's area code.
 */
import type { Language } from './languages.ts';

/**
 * - `us`: "12 Main St, Austin, TX 78701" (state code before the postal code)
 * - `eu`: "Bahnhofstrasse 1, 8001 Zürich"
 * - `uk`: "12 High St, Leeds LS1 4AB" (postal code after the city)
 * - `plain`: "Sheikh Zayed Rd, Dubai" (no postal code in use)
 */
export type AddressStyle = 'us' | 'eu' | 'uk' | 'plain';

/**
 * - `before`: "12 Main St"; `after`: "Bahnhofstrasse 12"; `comma`: "Via Roma, 12"; `jp`: "1-2-3 Ginza".
 */
export type NumberPlacement = 'before' | 'after' | 'comma' | 'jp';

export interface CountryProfile {
  language: Language;
  phone: string;
  postal: string | null;
  addressStyle: AddressStyle;
  numberPlacement: NumberPlacement;
  streets: readonly string[];
}

export const COUNTRIES: Record<string, CountryProfile> = {
  US: {
    language: 'en', phone: '+1 {a}-###-####', postal: '#####', addressStyle: 'us', numberPlacement: 'before',
    streets: ['Main St', 'Oak Ave', 'Maple St', 'Broadway', 'Market St', 'Elm St', 'Washington Blvd', 'Park Ave', 'Lake St', 'Sunset Blvd', '2nd Ave', '5th St', 'Pine St', 'Cedar Ln', 'Highland Ave', 'Mission St'],
  },
  CA: {
    language: 'en', phone: '+1 {a}-###-####', postal: 'A#A #A#', addressStyle: 'us', numberPlacement: 'before',
    streets: ['King St W', 'Queen St E', 'Yonge St', 'Rue Sainte-Catherine', 'Granville St', 'Bank St', 'Jasper Ave', 'Robson St', 'Dundas St', 'Bloor St W', 'Boulevard Saint-Laurent', '17th Ave SW'],
  },
  MX: {
    language: 'es', phone: '+52 {a} #### ####', postal: '#####', addressStyle: 'eu', numberPlacement: 'before',
    streets: ['Av. Insurgentes Sur', 'Av. Juárez', 'Calle Madero', 'Av. Reforma', 'Calle Hidalgo', 'Av. Revolución', 'Calle Morelos', 'Av. Chapultepec', 'Calle Allende', 'Blvd. Kukulcán'],
  },
  BR: {
    language: 'pt', phone: '+55 {a} #####-####', postal: '#####-###', addressStyle: 'eu', numberPlacement: 'comma',
    streets: ['Rua Augusta', 'Av. Paulista', 'Rua Oscar Freire', 'Av. Atlântica', 'Rua da Consolação', 'Rua das Flores', 'Av. Brasil', 'Rua XV de Novembro', 'Av. Sete de Setembro', 'Rua do Catete'],
  },
  AR: {
    language: 'es', phone: '+54 {a} ####-####', postal: 'A####AAA', addressStyle: 'eu', numberPlacement: 'before',
    streets: ['Av. Corrientes', 'Av. Santa Fe', 'Calle Florida', 'Av. de Mayo', 'Defensa', 'Av. Rivadavia', 'Calle San Martín', 'Av. Belgrano', 'Calle Sarmiento', 'Av. Colón'],
  },
  GB: {
    language: 'en', phone: '+44 {a} ### ####', postal: 'A# #AA', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['High St', 'Station Rd', 'Church St', 'Victoria Rd', 'King St', 'Queen St', 'Market Pl', 'Mill Ln', 'London Rd', 'Park Rd', 'Princes St', 'Bold St'],
  },
  IE: {
    language: 'en', phone: '+353 {a} ### ####', postal: 'A## A###', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Grafton St', "O'Connell St", 'Dame St', 'Patrick St', 'Shop St', 'Main St', 'Camden St', 'Baggot St', 'Oliver Plunkett St', 'Quay St'],
  },
  FR: {
    language: 'fr', phone: '+33 {a} ## ## ## ##', postal: '#####', addressStyle: 'eu', numberPlacement: 'before',
    streets: ['Rue de la République', 'Rue Victor Hugo', 'Avenue Jean Jaurès', 'Boulevard Gambetta', 'Rue du Faubourg Saint-Antoine', 'Rue de la Paix', 'Place du Marché', 'Rue Nationale', 'Quai des Belges', "Rue de l'Église", 'Avenue de la Gare'],
  },
  DE: {
    language: 'de', phone: '+49 {a} ########', postal: '#####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße', 'Gartenstraße', 'Kirchgasse', 'Marktplatz', 'Lindenallee', 'Friedrichstraße', 'Königstraße', 'Schulstraße', 'Bergstraße'],
  },
  CH: {
    language: 'de', phone: '+41 {a} ### ## ##', postal: '####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Bahnhofstrasse', 'Seestrasse', 'Dorfstrasse', 'Limmatquai', 'Rue du Rhône', 'Marktgasse', 'Kramgasse', 'Rue de Bourg', 'Via Nassa', 'Freie Strasse', 'Langstrasse'],
  },
  AT: {
    language: 'de', phone: '+43 {a} #######', postal: '####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Mariahilfer Straße', 'Kärntner Straße', 'Getreidegasse', 'Herrengasse', 'Landstraße', 'Maria-Theresien-Straße', 'Hauptplatz', 'Graben', 'Linzer Gasse'],
  },
  IT: {
    language: 'it', phone: '+39 {a} ### ####', postal: '#####', addressStyle: 'eu', numberPlacement: 'comma',
    streets: ['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele II', 'Via Dante', 'Piazza del Duomo', 'Via Mazzini', 'Via Cavour', 'Corso Italia', 'Via XX Settembre', 'Via Toledo'],
  },
  ES: {
    language: 'es', phone: '+34 {a}# ## ## ##', postal: '#####', addressStyle: 'eu', numberPlacement: 'comma',
    streets: ['Calle Mayor', 'Gran Vía', 'Calle de Alcalá', 'Passeig de Gràcia', 'Calle Real', 'Avenida de la Constitución', 'Calle San Vicente', 'Calle Larios', 'Plaza Mayor', 'Calle del Carmen'],
  },
  PT: {
    language: 'pt', phone: '+351 {a}# ### ###', postal: '####-###', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina', 'Rua do Carmo', 'Rua das Flores', 'Avenida dos Aliados', 'Rua Garrett', 'Rua de Santo António'],
  },
  NL: {
    language: 'nl', phone: '+31 {a} ### ####', postal: '#### AA', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Kalverstraat', 'Damrak', 'Prinsengracht', 'Oudegracht', 'Coolsingel', 'Stationsplein', 'Kerkstraat', 'Molenstraat', 'Dorpsstraat', 'Spui'],
  },
  BE: {
    language: 'nl', phone: '+32 {a} ### ## ##', postal: '####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Rue Neuve', 'Meir', 'Veldstraat', 'Boulevard Anspach', 'Korenmarkt', 'Rue de la Régence', 'Kammenstraat', 'Place Saint-Lambert', 'Avenue Louise'],
  },
  SE: {
    language: 'sv', phone: '+46 {a} ### ## ##', postal: '### ##', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Drottninggatan', 'Storgatan', 'Kungsgatan', 'Götgatan', 'Södra Förstadsgatan', 'Vasagatan', 'Sveavägen', 'Linnégatan', 'Hamngatan'],
  },
  NO: {
    language: 'no', phone: '+47 {a}# ## ## ##', postal: '####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Karl Johans gate', 'Storgata', 'Bogstadveien', 'Torggata', 'Kongens gate', 'Strandkaien', 'Markveien', 'Olav Tryggvasons gate'],
  },
  DK: {
    language: 'da', phone: '+45 {a}# ## ## ##', postal: '####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Strøget', 'Nørrebrogade', 'Vesterbrogade', 'Jægersborggade', 'Søndergade', 'Store Torv', 'Åboulevarden', 'Kongensgade'],
  },
  PL: {
    language: 'pl', phone: '+48 {a} ### ## ##', postal: '##-###', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['ul. Marszałkowska', 'ul. Floriańska', 'ul. Piotrkowska', 'ul. Długa', 'ul. Świdnicka', 'ul. Nowy Świat', 'ul. Grodzka', 'ul. Półwiejska', 'ul. Mickiewicza'],
  },
  CZ: {
    language: 'cs', phone: '+420 {a}## ### ###', postal: '### ##', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Václavské náměstí', 'Národní', 'Na Příkopě', 'Karlova', 'Masarykova', 'Česká', 'Nádražní', 'Stodolní', 'Vinohradská'],
  },
  GR: {
    language: 'el', phone: '+30 {a}# ### ####', postal: '### ##', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Ermou', 'Panepistimiou', 'Athinas', 'Tsimiski', 'Egnatia', 'Agiou Nikolaou', 'Dedalou', 'Mitropoleos', 'Aristotelous'],
  },
  TR: {
    language: 'tr', phone: '+90 {a} ### ## ##', postal: '#####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['İstiklal Caddesi', 'Bağdat Caddesi', 'Atatürk Bulvarı', 'Kıbrıs Şehitleri Caddesi', 'Cumhuriyet Caddesi', 'Işıklar Caddesi', 'Altıparmak Caddesi', 'Halaskargazi Caddesi'],
  },
  RU: {
    language: 'ru', phone: '+7 {a} ###-##-##', postal: '######', addressStyle: 'eu', numberPlacement: 'comma',
    streets: ['Tverskaya St', 'Nevsky Prospekt', 'Arbat St', 'Lenina St', 'Krasny Prospekt', 'Bauman St', 'Bolshaya Pokrovskaya St', 'Sadovaya St', 'Mira Ave'],
  },
  UA: {
    language: 'uk', phone: '+380 {a} ### ####', postal: '#####', addressStyle: 'eu', numberPlacement: 'comma',
    streets: ['Khreshchatyk St', 'Deribasivska St', 'Sumska St', 'Svobody Ave', 'Shevchenka Blvd', 'Yavornytskoho Ave', 'Rynok Square', 'Velyka Vasylkivska St'],
  },
  RS: {
    language: 'sr', phone: '+381 {a} ### ####', postal: '#####', addressStyle: 'eu', numberPlacement: 'after',
    streets: ['Knez Mihailova', 'Bulevar kralja Aleksandra', 'Zmaj Jovina', 'Obrenovićeva', 'Skadarska', 'Dunavska', 'Nemanjina', 'Cara Dušana'],
  },
  JP: {
    language: 'ja', phone: '+81 {a}-####-####', postal: '###-####', addressStyle: 'uk', numberPlacement: 'jp',
    streets: ['Ginza', 'Shibuya', 'Shinjuku', 'Umeda', 'Namba', 'Gion', 'Sakae', 'Tenjin', 'Chuo', 'Minato', 'Nishiki', 'Motomachi'],
  },
  CN: {
    language: 'zh', phone: '+86 {a} #### ####', postal: '######', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Wangfujing St', 'Nanjing Rd', 'Huaihai Rd', 'Beijing Rd', 'Chunxi Rd', 'Jiefang Rd', 'Renmin Rd', 'Zhongshan Rd', 'Shennan Blvd', 'Yan\'an Rd'],
  },
  HK: {
    language: 'zh-hant', phone: '+852 #### ####', postal: null, addressStyle: 'plain', numberPlacement: 'before',
    streets: ['Nathan Rd', "Queen's Rd Central", 'Hennessy Rd', 'Des Voeux Rd Central', 'Canton Rd', 'Lockhart Rd', 'Sai Yeung Choi St S'],
  },
  TW: {
    language: 'zh-hant', phone: '+886 {a} ####-####', postal: '###', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Zhongxiao E Rd', 'Xinyi Rd', 'Dunhua S Rd', 'Zhongshan N Rd', 'Nanjing E Rd', 'Roosevelt Rd', 'Yongkang St'],
  },
  KR: {
    language: 'ko', phone: '+82 {a}-###-####', postal: '#####', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Teheran-ro', 'Sejong-daero', 'Itaewon-ro', 'Gangnam-daero', 'Haeundae-ro', 'Jungang-daero', 'Dongseong-ro', 'Insadong-gil'],
  },
  IN: {
    language: 'hi', phone: '+91 {a} #### ####', postal: '######', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['MG Road', 'Linking Road', 'Brigade Road', 'Park Street', 'Connaught Place', 'Anna Salai', 'FC Road', 'Banjara Hills Rd', 'MI Road', 'Hill Road'],
  },
  TH: {
    language: 'th', phone: '+66 {a} ### ####', postal: '#####', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Sukhumvit Rd', 'Silom Rd', 'Rama IV Rd', 'Nimmanhaemin Rd', 'Thapae Rd', 'Beach Rd', 'Thanon Rat-U-Thit', 'Charoen Krung Rd'],
  },
  SG: {
    language: 'en', phone: '+65 #### ####', postal: '######', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Orchard Rd', 'North Bridge Rd', 'Tanjong Pagar Rd', 'Serangoon Rd', 'Bukit Timah Rd', 'Telok Ayer St', 'Amoy St', 'East Coast Rd'],
  },
  PH: {
    language: 'fil', phone: '+63 {a} ### ####', postal: '####', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Ayala Ave', 'Roxas Blvd', 'Taft Ave', 'Katipunan Ave', 'Osmeña Blvd', 'J.P. Laurel Ave', 'Tomas Morato Ave', 'Mango Ave'],
  },
  AU: {
    language: 'en', phone: '+61 {a} #### ####', postal: '####', addressStyle: 'us', numberPlacement: 'before',
    streets: ['George St', 'Collins St', 'Queen St', 'Hay St', 'Rundle Mall', 'Elizabeth St', 'Chapel St', 'Oxford St', 'Lonsdale St', 'King William St'],
  },
  NZ: {
    language: 'en', phone: '+64 {a} ### ####', postal: '####', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Queen St', 'Ponsonby Rd', 'Cuba St', 'Lambton Quay', 'Colombo St', 'Shotover St', 'Karangahape Rd', 'Courtenay Pl'],
  },
  ZA: {
    language: 'en', phone: '+27 {a} ### ####', postal: '####', addressStyle: 'uk', numberPlacement: 'before',
    streets: ['Long St', 'Bree St', 'Kloof St', 'Jan Smuts Ave', 'Florida Rd', 'Church St', 'Main Rd', 'Vilakazi St', 'Commissioner St'],
  },
  AE: {
    language: 'ar', phone: '+971 {a} ### ####', postal: null, addressStyle: 'plain', numberPlacement: 'before',
    streets: ['Sheikh Zayed Rd', 'Al Wasl Rd', 'Jumeirah Beach Rd', 'Al Maktoum Rd', 'Hamdan Bin Mohammed St', 'Corniche Rd', 'Al Wahda St', 'King Faisal St'],
  },
  EG: {
    language: 'ar', phone: '+20 {a} #### ####', postal: '#####', addressStyle: 'eu', numberPlacement: 'before',
    streets: ['Talaat Harb St', '26th of July St', 'Tahrir St', 'El Horreya Rd', 'Corniche El Nil', 'Pyramids Rd', 'Fouad St', 'Mohamed Mahmoud St'],
  },
};
