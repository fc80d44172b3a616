/**
 * Real cities of the demo data: centre coordinates, state or region, phone area code and postal-code
 * pattern (`#` digit, `A` letter, overriding the country's), a weight (roughly the metro size, so big cities
 * get more businesses) and the scatter radius in km. Hand-written for the generator.
 */
import type { Language } from './languages.ts';

export interface City {
  name: string;
  countryCode: string;
  state: string | null;
  /** Short state code written in US/CA/AU-style addresses ("TX", "ON", "NSW"). */
  stateCode: string | null;
  latitude: number;
  longitude: number;
  areaCode: string;
  postal: string | null;
  weight: number;
  radiusKm: number;
  /** Where the city's language differs from the country's (Geneva, Montréal, Brussels). */
  language?: Language;
}

type Row = [name: string, state: string | null, latitude: number, longitude: number, area: string, postal: string | null, weight: number, extra?: { code?: string; radius?: number; language?: Language }];

const BY_COUNTRY: Record<string, Row[]> = {
  US: [
    ['New York', 'New York', 40.7128, -74.006, '212', '100##', 10, { code: 'NY', radius: 7 }],
    ['Los Angeles', 'California', 34.0522, -118.2437, '213', '900##', 9, { code: 'CA', radius: 8 }],
    ['Chicago', 'Illinois', 41.8781, -87.6298, '312', '606##', 7, { code: 'IL', radius: 6 }],
    ['Houston', 'Texas', 29.7604, -95.3698, '713', '770##', 6, { code: 'TX', radius: 7 }],
    ['Phoenix', 'Arizona', 33.4484, -112.074, '602', '850##', 5, { code: 'AZ', radius: 6 }],
    ['Philadelphia', 'Pennsylvania', 39.9526, -75.1652, '215', '191##', 5, { code: 'PA' }],
    ['San Antonio', 'Texas', 29.4241, -98.4936, '210', '782##', 4, { code: 'TX' }],
    ['San Diego', 'California', 32.7157, -117.1611, '619', '921##', 4, { code: 'CA' }],
    ['Dallas', 'Texas', 32.7767, -96.797, '214', '752##', 5, { code: 'TX', radius: 6 }],
    ['Austin', 'Texas', 30.2672, -97.7431, '512', '787##', 4, { code: 'TX' }],
    ['San Francisco', 'California', 37.7749, -122.4194, '415', '941##', 5, { code: 'CA', radius: 4 }],
    ['Seattle', 'Washington', 47.6062, -122.3321, '206', '981##', 4, { code: 'WA' }],
    ['Denver', 'Colorado', 39.7392, -104.9903, '303', '802##', 4, { code: 'CO' }],
    ['Boston', 'Massachusetts', 42.3601, -71.0589, '617', '021##', 4, { code: 'MA' }],
    ['Miami', 'Florida', 25.7617, -80.1918, '305', '331##', 4, { code: 'FL' }],
    ['Atlanta', 'Georgia', 33.749, -84.388, '404', '303##', 4, { code: 'GA' }],
    ['Portland', 'Oregon', 45.5152, -122.6784, '503', '972##', 3, { code: 'OR' }],
    ['Nashville', 'Tennessee', 36.1627, -86.7816, '615', '372##', 3, { code: 'TN' }],
    ['New Orleans', 'Louisiana', 29.9511, -90.0715, '504', '701##', 3, { code: 'LA' }],
    ['Minneapolis', 'Minnesota', 44.9778, -93.265, '612', '554##', 3, { code: 'MN' }],
  ],
  CA: [
    ['Toronto', 'Ontario', 43.6532, -79.3832, '416', 'M#A #A#', 6, { code: 'ON', radius: 6 }],
    ['Montréal', 'Quebec', 45.5017, -73.5673, '514', 'H#A #A#', 5, { code: 'QC', language: 'fr' }],
    ['Vancouver', 'British Columbia', 49.2827, -123.1207, '604', 'V#A #A#', 4, { code: 'BC' }],
    ['Calgary', 'Alberta', 51.0447, -114.0719, '403', 'T#A #A#', 3, { code: 'AB' }],
    ['Ottawa', 'Ontario', 45.4215, -75.6972, '613', 'K#A #A#', 3, { code: 'ON' }],
    ['Edmonton', 'Alberta', 53.5461, -113.4938, '780', 'T#A #A#', 3, { code: 'AB' }],
  ],
  MX: [
    ['Mexico City', 'Ciudad de México', 19.4326, -99.1332, '55', '06###', 8, { radius: 8 }],
    ['Guadalajara', 'Jalisco', 20.6597, -103.3496, '33', '44###', 5],
    ['Monterrey', 'Nuevo León', 25.6866, -100.3161, '81', '64###', 5],
    ['Puebla', 'Puebla', 19.0414, -98.2063, '222', '72###', 3],
    ['Cancún', 'Quintana Roo', 21.1619, -86.8515, '998', '77###', 2],
  ],
  BR: [
    ['São Paulo', 'São Paulo', -23.5505, -46.6333, '11', '01###-###', 9, { radius: 8 }],
    ['Rio de Janeiro', 'Rio de Janeiro', -22.9068, -43.1729, '21', '20###-###', 7, { radius: 7 }],
    ['Belo Horizonte', 'Minas Gerais', -19.9167, -43.9345, '31', '30###-###', 4],
    ['Brasília', 'Distrito Federal', -15.7939, -47.8828, '61', '70###-###', 4],
    ['Salvador', 'Bahia', -12.9777, -38.5016, '71', '40###-###', 4],
    ['Curitiba', 'Paraná', -25.4284, -49.2733, '41', '80###-###', 3],
    ['Porto Alegre', 'Rio Grande do Sul', -30.0346, -51.2177, '51', '90###-###', 3],
  ],
  AR: [
    ['Buenos Aires', 'Buenos Aires', -34.6037, -58.3816, '11', 'C1###AAA', 7, { radius: 7 }],
    ['Córdoba', 'Córdoba', -31.4201, -64.1888, '351', 'X50##AAA', 3],
    ['Rosario', 'Santa Fe', -32.9442, -60.6505, '341', 'S20##AAA', 3],
    ['Mendoza', 'Mendoza', -32.8895, -68.8458, '261', 'M55##AAA', 2],
  ],
  GB: [
    ['London', 'England', 51.5074, -0.1278, '20', 'EC#A #AA', 10, { radius: 9 }],
    ['Manchester', 'England', 53.4808, -2.2426, '161', 'M# #AA', 5],
    ['Birmingham', 'England', 52.4862, -1.8904, '121', 'B# #AA', 5],
    ['Edinburgh', 'Scotland', 55.9533, -3.1883, '131', 'EH# #AA', 3],
    ['Glasgow', 'Scotland', 55.8642, -4.2518, '141', 'G# #AA', 3],
    ['Liverpool', 'England', 53.4084, -2.9916, '151', 'L# #AA', 3],
    ['Bristol', 'England', 51.4545, -2.5879, '117', 'BS# #AA', 3],
    ['Leeds', 'England', 53.8008, -1.5491, '113', 'LS# #AA', 3],
  ],
  IE: [
    ['Dublin', 'County Dublin', 53.3498, -6.2603, '1', 'D0# A###', 5],
    ['Cork', 'County Cork', 51.8985, -8.4756, '21', 'T12 A###', 2],
    ['Galway', 'County Galway', 53.2707, -9.0568, '91', 'H91 A###', 1],
  ],
  FR: [
    ['Paris', 'Île-de-France', 48.8566, 2.3522, '1', '750##', 10, { radius: 6 }],
    ['Lyon', 'Auvergne-Rhône-Alpes', 45.764, 4.8357, '4', '6900#', 5],
    ['Marseille', "Provence-Alpes-Côte d'Azur", 43.2965, 5.3698, '4', '130##', 5],
    ['Toulouse', 'Occitanie', 43.6047, 1.4442, '5', '3100#', 4],
    ['Nice', "Provence-Alpes-Côte d'Azur", 43.7102, 7.262, '4', '0600#', 3],
    ['Bordeaux', 'Nouvelle-Aquitaine', 44.8378, -0.5792, '5', '3300#', 3],
    ['Lille', 'Hauts-de-France', 50.6292, 3.0573, '3', '5900#', 3],
    ['Strasbourg', 'Grand Est', 48.5734, 7.7521, '3', '6700#', 2],
    ['Nantes', 'Pays de la Loire', 47.2184, -1.5536, '2', '4400#', 2],
  ],
  DE: [
    ['Berlin', 'Berlin', 52.52, 13.405, '30', '10###', 9, { radius: 8 }],
    ['Hamburg', 'Hamburg', 53.5511, 9.9937, '40', '20###', 6, { radius: 6 }],
    ['München', 'Bayern', 48.1351, 11.582, '89', '80###', 6],
    ['Köln', 'Nordrhein-Westfalen', 50.9375, 6.9603, '221', '50###', 5],
    ['Frankfurt am Main', 'Hessen', 50.1109, 8.6821, '69', '60###', 4],
    ['Stuttgart', 'Baden-Württemberg', 48.7758, 9.1829, '711', '70###', 4],
    ['Düsseldorf', 'Nordrhein-Westfalen', 51.2277, 6.7735, '211', '40###', 3],
    ['Leipzig', 'Sachsen', 51.3397, 12.3731, '341', '04###', 3],
    ['Dresden', 'Sachsen', 51.0504, 13.7373, '351', '01###', 3],
    ['Nürnberg', 'Bayern', 49.4521, 11.0767, '911', '90###', 3],
  ],
  CH: [
    ['Zürich', 'Zürich', 47.3769, 8.5417, '44', '80##', 5, { radius: 4 }],
    ['Geneva', 'Genève', 46.2044, 6.1432, '22', '12##', 4, { radius: 3, language: 'fr' }],
    ['Basel', 'Basel-Stadt', 47.5596, 7.5886, '61', '40##', 3, { radius: 3 }],
    ['Bern', 'Bern', 46.948, 7.4474, '31', '30##', 3, { radius: 3 }],
    ['Lausanne', 'Vaud', 46.5197, 6.6323, '21', '10##', 3, { radius: 3, language: 'fr' }],
    ['Luzern', 'Luzern', 47.0502, 8.3093, '41', '60##', 2, { radius: 3 }],
    ['Lugano', 'Ticino', 46.0037, 8.9511, '91', '69##', 2, { radius: 3, language: 'it' }],
  ],
  AT: [
    ['Wien', 'Wien', 48.2082, 16.3738, '1', '1###', 7, { radius: 6 }],
    ['Graz', 'Steiermark', 47.0707, 15.4395, '316', '80##', 3],
    ['Salzburg', 'Salzburg', 47.8095, 13.055, '662', '50##', 2, { radius: 3 }],
    ['Innsbruck', 'Tirol', 47.2692, 11.4041, '512', '60##', 2, { radius: 3 }],
    ['Linz', 'Oberösterreich', 48.3069, 14.2858, '732', '40##', 2],
  ],
  IT: [
    ['Roma', 'Lazio', 41.9028, 12.4964, '06', '001##', 8, { radius: 7 }],
    ['Milano', 'Lombardia', 45.4642, 9.19, '02', '201##', 7, { radius: 6 }],
    ['Napoli', 'Campania', 40.8518, 14.2681, '081', '801##', 5],
    ['Torino', 'Piemonte', 45.0703, 7.6869, '011', '101##', 4],
    ['Firenze', 'Toscana', 43.7696, 11.2558, '055', '501##', 3, { radius: 3 }],
    ['Bologna', 'Emilia-Romagna', 44.4949, 11.3426, '051', '401##', 3, { radius: 3 }],
    ['Venezia', 'Veneto', 45.4408, 12.3155, '041', '301##', 2, { radius: 2 }],
    ['Palermo', 'Sicilia', 38.1157, 13.3615, '091', '901##', 3],
  ],
  ES: [
    ['Madrid', 'Comunidad de Madrid', 40.4168, -3.7038, '91', '280##', 8, { radius: 7 }],
    ['Barcelona', 'Cataluña', 41.3874, 2.1686, '93', '080##', 7, { radius: 5 }],
    ['Valencia', 'Comunidad Valenciana', 39.4699, -0.3763, '96', '460##', 4],
    ['Sevilla', 'Andalucía', 37.3891, -5.9845, '95', '410##', 4],
    ['Bilbao', 'País Vasco', 43.263, -2.935, '94', '480##', 3, { radius: 3 }],
    ['Málaga', 'Andalucía', 36.7213, -4.4214, '95', '290##', 3],
    ['Zaragoza', 'Aragón', 41.6488, -0.8891, '97', '500##', 3],
  ],
  PT: [
    ['Lisboa', 'Lisboa', 38.7223, -9.1393, '21', '1###-###', 5, { radius: 5 }],
    ['Porto', 'Porto', 41.1579, -8.6291, '22', '4###-###', 4],
    ['Braga', 'Braga', 41.5454, -8.4265, '25', '47##-###', 2, { radius: 3 }],
    ['Faro', 'Faro', 37.0194, -7.9322, '28', '80##-###', 1, { radius: 3 }],
  ],
  NL: [
    ['Amsterdam', 'Noord-Holland', 52.3676, 4.9041, '20', '10## AA', 6],
    ['Rotterdam', 'Zuid-Holland', 51.9244, 4.4777, '10', '30## AA', 4],
    ['Den Haag', 'Zuid-Holland', 52.0705, 4.3007, '70', '25## AA', 3],
    ['Utrecht', 'Utrecht', 52.0907, 5.1214, '30', '35## AA', 3, { radius: 3 }],
    ['Eindhoven', 'Noord-Brabant', 51.4416, 5.4697, '40', '56## AA', 2],
  ],
  BE: [
    ['Brussels', 'Brussels', 50.8503, 4.3517, '2', '10##', 5, { language: 'fr' }],
    ['Antwerpen', 'Antwerpen', 51.2194, 4.4025, '3', '20##', 3],
    ['Gent', 'Oost-Vlaanderen', 51.0543, 3.7174, '9', '90##', 2, { radius: 3 }],
    ['Liège', 'Liège', 50.6326, 5.5797, '4', '40##', 2, { language: 'fr' }],
  ],
  SE: [
    ['Stockholm', 'Stockholms län', 59.3293, 18.0686, '8', '111 ##', 6],
    ['Göteborg', 'Västra Götalands län', 57.7089, 11.9746, '31', '411 ##', 3],
    ['Malmö', 'Skåne län', 55.605, 13.0038, '40', '211 ##', 3],
    ['Uppsala', 'Uppsala län', 59.8586, 17.6389, '18', '753 ##', 2, { radius: 3 }],
  ],
  NO: [
    ['Oslo', 'Oslo', 59.9139, 10.7522, '2', '01##', 5],
    ['Bergen', 'Vestland', 60.3913, 5.3221, '5', '50##', 2, { radius: 3 }],
    ['Trondheim', 'Trøndelag', 63.4305, 10.3951, '7', '70##', 2, { radius: 3 }],
    ['Stavanger', 'Rogaland', 58.97, 5.7331, '5', '40##', 2, { radius: 3 }],
  ],
  DK: [
    ['København', 'Hovedstaden', 55.6761, 12.5683, '3', '1###', 5],
    ['Aarhus', 'Midtjylland', 56.1629, 10.2039, '8', '80##', 3],
    ['Odense', 'Syddanmark', 55.4038, 10.4024, '6', '50##', 2, { radius: 3 }],
  ],
  PL: [
    ['Warszawa', 'Mazowieckie', 52.2297, 21.0122, '22', '00-###', 6, { radius: 6 }],
    ['Kraków', 'Małopolskie', 50.0647, 19.945, '12', '31-###', 4],
    ['Wrocław', 'Dolnośląskie', 51.1079, 17.0385, '71', '50-###', 3],
    ['Gdańsk', 'Pomorskie', 54.352, 18.6466, '58', '80-###', 3],
    ['Poznań', 'Wielkopolskie', 52.4064, 16.9252, '61', '61-###', 3],
    ['Łódź', 'Łódzkie', 51.7592, 19.456, '42', '90-###', 3],
  ],
  CZ: [
    ['Praha', 'Praha', 50.0755, 14.4378, '2', '1## ##', 6, { radius: 6 }],
    ['Brno', 'Jihomoravský kraj', 49.1951, 16.6068, '5', '6## ##', 3],
    ['Ostrava', 'Moravskoslezský kraj', 49.8209, 18.2625, '5', '70# ##', 2],
  ],
  GR: [
    ['Athens', 'Attica', 37.9838, 23.7275, '21', '10# ##', 6, { radius: 5 }],
    ['Thessaloniki', 'Central Macedonia', 40.6401, 22.9444, '23', '54# ##', 3],
    ['Patras', 'Western Greece', 38.2466, 21.7346, '26', '26# ##', 2, { radius: 3 }],
    ['Heraklion', 'Crete', 35.3387, 25.1442, '28', '71# ##', 2, { radius: 3 }],
  ],
  TR: [
    ['İstanbul', 'İstanbul', 41.0082, 28.9784, '212', '34###', 9, { radius: 8 }],
    ['Ankara', 'Ankara', 39.9334, 32.8597, '312', '06###', 5],
    ['İzmir', 'İzmir', 38.4237, 27.1428, '232', '35###', 4],
    ['Antalya', 'Antalya', 36.8969, 30.7133, '242', '07###', 3],
    ['Bursa', 'Bursa', 40.1885, 29.061, '224', '16###', 3],
  ],
  RU: [
    ['Moscow', 'Moscow', 55.7558, 37.6173, '495', '1#####', 9, { radius: 8 }],
    ['Saint Petersburg', 'Saint Petersburg', 59.9311, 30.3609, '812', '19####', 7, { radius: 7 }],
    ['Novosibirsk', 'Novosibirsk Oblast', 55.0084, 82.9357, '383', '630###', 3],
    ['Yekaterinburg', 'Sverdlovsk Oblast', 56.8389, 60.6057, '343', '620###', 3],
    ['Kazan', 'Republic of Tatarstan', 55.7961, 49.1064, '843', '420###', 3],
    ['Nizhny Novgorod', 'Nizhny Novgorod Oblast', 56.2965, 43.9361, '831', '603###', 3],
  ],
  UA: [
    ['Kyiv', 'Kyiv', 50.4501, 30.5234, '44', '01###', 6, { radius: 7 }],
    ['Lviv', 'Lviv Oblast', 49.8397, 24.0297, '32', '79###', 3],
    ['Odesa', 'Odesa Oblast', 46.4825, 30.7233, '48', '65###', 3],
    ['Kharkiv', 'Kharkiv Oblast', 49.9935, 36.2304, '57', '61###', 3],
    ['Dnipro', 'Dnipropetrovsk Oblast', 48.4647, 35.0462, '56', '49###', 2],
  ],
  RS: [
    ['Belgrade', 'Belgrade', 44.7866, 20.4489, '11', '11###', 4],
    ['Novi Sad', 'South Bačka', 45.2671, 19.8335, '21', '21###', 2],
    ['Niš', 'Nišava', 43.3209, 21.8958, '18', '18###', 2, { radius: 3 }],
  ],
  JP: [
    ['Tokyo', 'Tokyo', 35.6762, 139.6503, '3', '1##-####', 10, { radius: 10 }],
    ['Osaka', 'Osaka', 34.6937, 135.5023, '6', '53#-####', 7, { radius: 6 }],
    ['Kyoto', 'Kyoto', 35.0116, 135.7681, '75', '60#-####', 4],
    ['Yokohama', 'Kanagawa', 35.4437, 139.638, '45', '22#-####', 5],
    ['Nagoya', 'Aichi', 35.1815, 136.9066, '52', '45#-####', 4],
    ['Sapporo', 'Hokkaido', 43.0618, 141.3545, '11', '06#-####', 3],
    ['Fukuoka', 'Fukuoka', 33.5904, 130.4017, '92', '81#-####', 3],
    ['Kobe', 'Hyogo', 34.6901, 135.1955, '78', '65#-####', 3],
  ],
  CN: [
    ['Beijing', 'Beijing', 39.9042, 116.4074, '10', '100###', 9, { radius: 9 }],
    ['Shanghai', 'Shanghai', 31.2304, 121.4737, '21', '200###', 9, { radius: 9 }],
    ['Guangzhou', 'Guangdong', 23.1291, 113.2644, '20', '510###', 6, { radius: 7 }],
    ['Shenzhen', 'Guangdong', 22.5431, 114.0579, '755', '518###', 6, { radius: 7 }],
    ['Chengdu', 'Sichuan', 30.6598, 104.0633, '28', '610###', 5],
    ['Hangzhou', 'Zhejiang', 30.2741, 120.1551, '571', '310###', 4],
    ["Xi'an", 'Shaanxi', 34.261, 108.9423, '29', '710###', 4],
  ],
  HK: [['Hong Kong', null, 22.3193, 114.1694, '', null, 5, { radius: 6 }]],
  TW: [['Taipei', 'Taipei City', 25.033, 121.5654, '2', '1##', 5]],
  KR: [
    ['Seoul', 'Seoul', 37.5665, 126.978, '2', '0####', 9, { radius: 9 }],
    ['Busan', 'Busan', 35.1028, 129.0403, '51', '4####', 4],
    ['Incheon', 'Incheon', 37.4563, 126.7052, '32', '2####', 3],
    ['Daegu', 'Daegu', 35.8714, 128.6014, '53', '4####', 3],
  ],
  IN: [
    ['Mumbai', 'Maharashtra', 19.076, 72.8777, '22', '400###', 9, { radius: 8 }],
    ['New Delhi', 'Delhi', 28.6139, 77.209, '11', '110###', 9, { radius: 8 }],
    ['Bengaluru', 'Karnataka', 12.9716, 77.5946, '80', '560###', 7, { radius: 7 }],
    ['Chennai', 'Tamil Nadu', 13.0827, 80.2707, '44', '600###', 5],
    ['Hyderabad', 'Telangana', 17.385, 78.4867, '40', '500###', 5],
    ['Kolkata', 'West Bengal', 22.5726, 88.3639, '33', '700###', 5],
    ['Pune', 'Maharashtra', 18.5204, 73.8567, '20', '411###', 4],
    ['Jaipur', 'Rajasthan', 26.9124, 75.7873, '141', '302###', 3],
  ],
  TH: [
    ['Bangkok', 'Bangkok', 13.7563, 100.5018, '2', '10###', 7, { radius: 8 }],
    ['Chiang Mai', 'Chiang Mai', 18.7883, 98.9853, '53', '50###', 2, { radius: 3 }],
    ['Phuket', 'Phuket', 7.8804, 98.3923, '76', '83###', 2, { radius: 3 }],
    ['Pattaya', 'Chon Buri', 12.9236, 100.8825, '38', '20###', 2, { radius: 3 }],
  ],
  SG: [['Singapore', null, 1.3521, 103.8198, '', '######', 5, { radius: 7 }]],
  PH: [
    ['Manila', 'Metro Manila', 14.5995, 120.9842, '2', '1###', 6],
    ['Quezon City', 'Metro Manila', 14.676, 121.0437, '2', '11##', 5],
    ['Cebu City', 'Cebu', 10.3157, 123.8854, '32', '60##', 3],
    ['Davao City', 'Davao del Sur', 7.0731, 125.6128, '82', '80##', 2],
  ],
  AU: [
    ['Sydney', 'New South Wales', -33.8688, 151.2093, '2', '20##', 7, { code: 'NSW', radius: 7 }],
    ['Melbourne', 'Victoria', -37.8136, 144.9631, '3', '30##', 7, { code: 'VIC', radius: 7 }],
    ['Brisbane', 'Queensland', -27.4698, 153.0251, '7', '40##', 4, { code: 'QLD' }],
    ['Perth', 'Western Australia', -31.9505, 115.8605, '8', '60##', 4, { code: 'WA' }],
    ['Adelaide', 'South Australia', -34.9285, 138.6007, '8', '50##', 3, { code: 'SA' }],
    ['Hobart', 'Tasmania', -42.8821, 147.3272, '3', '70##', 1, { code: 'TAS', radius: 3 }],
    ['Canberra', 'Australian Capital Territory', -35.2809, 149.13, '2', '26##', 2, { code: 'ACT' }],
  ],
  NZ: [
    ['Auckland', 'Auckland', -36.8485, 174.7633, '9', '10##', 4],
    ['Wellington', 'Wellington', -41.2865, 174.7762, '4', '60##', 2, { radius: 3 }],
    ['Christchurch', 'Canterbury', -43.5321, 172.6362, '3', '80##', 2],
    ['Dunedin', 'Otago', -45.8788, 170.5028, '3', '90##', 1, { radius: 3 }],
  ],
  ZA: [
    ['Cape Town', 'Western Cape', -33.9249, 18.4241, '21', '80##', 4],
    ['Johannesburg', 'Gauteng', -26.2041, 28.0473, '11', '20##', 5, { radius: 6 }],
    ['Durban', 'KwaZulu-Natal', -29.8587, 31.0218, '31', '40##', 3],
    ['Pretoria', 'Gauteng', -25.7479, 28.2293, '12', '00##', 3],
  ],
  AE: [
    ['Dubai', 'Dubai', 25.2048, 55.2708, '4', null, 5, { radius: 8 }],
    ['Abu Dhabi', 'Abu Dhabi', 24.4539, 54.3773, '2', null, 3],
    ['Sharjah', 'Sharjah', 25.3463, 55.4209, '6', null, 2],
  ],
  EG: [
    ['Cairo', 'Cairo Governorate', 30.0444, 31.2357, '2', '11###', 7, { radius: 7 }],
    ['Alexandria', 'Alexandria Governorate', 31.2001, 29.9187, '3', '21###', 4],
    ['Giza', 'Giza Governorate', 30.0131, 31.2089, '2', '12###', 3, { radius: 3 }],
  ],
};

export const CITIES: readonly City[] = Object.entries(BY_COUNTRY).flatMap(([countryCode, rows]) =>
  rows.map(([name, state, latitude, longitude, areaCode, postal, weight, extra = {}]) => ({
    name,
    countryCode,
    state,
    stateCode: extra.code ?? null,
    latitude,
    longitude,
    areaCode,
    postal,
    weight,
    radiusKm: extra.radius ?? 4,
    language: extra.language,
  })),
);
