import type { PaymentPointBusinessHours, PaymentPointInfo, PaymentPointMethods } from '../../schemas/wire.ts';

/**
 * The seeded payment point directory: 36 points and 8 areas in 7 countries. Institutions are
 * fictional; addresses use real streets, postal codes and regions, with coordinates near the real
 * places. Websites sit under the reserved `.example` domain (RFC 2606) so that no link reaches a real
 * company, and phone numbers come from ranges kept for fiction where a country has one (US 555-01xx,
 * UK 020 7946 0xxx and 0161 496 0xxx). UUIDs are written down so that they are the same on every run.
 *
 * Areas (`geo_type: area`, a bounding polygon, no street address) list the points and areas inside
 * them in `payment_point_child_uuids`; each child lists the area in `payment_point_parent_uuids`. An
 * area names every institution, currency and method found inside it, and takes its contact details
 * and type from the institution that runs the local agent network.
 */

type Institution = Pick<
  PaymentPointInfo,
  | 'institution_identifications'
  | 'institution_phone_number'
  | 'institution_routing_number'
  | 'institution_website_url'
  | 'payment_point_logo_url'
  | 'payment_point_type'
>;

function institution(
  name: string,
  type: PaymentPointInfo['payment_point_type'],
  phone: string,
  website: string,
  routing?: string,
): Institution {
  return {
    institution_identifications: [name],
    institution_phone_number: phone,
    ...(routing === undefined ? {} : { institution_routing_number: routing }),
    institution_website_url: website,
    payment_point_logo_url: `${website}/logo.png`,
    payment_point_type: type,
  };
}

const spree = institution(
  'Spree Handelsbank AG',
  'Bank',
  '03020457310',
  'https://www.spree-handelsbank.example',
  '10050730',
);
const funkwelle = institution(
  'Funkwelle Mobil GmbH',
  'Mobile Operator',
  '08007224000',
  'https://www.funkwelle-mobil.example',
);
const kiezKasse = institution('Kiez Kasse UG', 'Other', '03061287734', 'https://www.kiezkasse.example');
const isarFinanz = institution(
  'Isar Finanz GmbH',
  'Non-bank Financial Company',
  '08923890410',
  'https://www.isar-finanz.example',
);
const thames = institution('Thames Mercantile Bank plc', 'Bank', '02079460318', 'https://www.thamesmercantile.example');
const pennine = institution(
  'Pennine Remit Ltd',
  'Non-bank Financial Company',
  '01614960123',
  'https://www.pennine-remit.example',
);
const highstreet = institution(
  'Highstreet Counters Ltd',
  'Other',
  '02079460905',
  'https://www.highstreetcounters.example',
);
const hudson = institution(
  'Hudson Harbor Bank, N.A.',
  'Bank',
  '2125550147',
  'https://www.hudsonharborbank.example',
  '026007317',
);
const liberty = institution(
  'Liberty Remit Inc.',
  'Non-bank Financial Company',
  '2125550163',
  'https://www.libertyremit.example',
);
const bodega = institution('Bodega Express Services LLC', 'Other', '7185550128', 'https://www.bodegaexpress.example');
const merlion = institution('Merlion Commercial Bank Ltd', 'Bank', '62250193', 'https://www.merlionbank.example');
const straits = institution(
  'Straits Remittance Pte Ltd',
  'Non-bank Financial Company',
  '62980456',
  'https://www.straitsremit.example',
);
const lionCity = institution(
  'Lion City Telecom Pte Ltd',
  'Mobile Operator',
  '67340021',
  'https://www.lioncitytelecom.example',
);
const tiete = institution('Banco Tietê Mercantil S.A.', 'Bank', '1132140567', 'https://www.bancotiete.example');
const carioca = institution(
  'Carioca Câmbio e Remessas Ltda.',
  'Non-bank Financial Company',
  '2122630418',
  'https://www.cariocacambio.example',
);
const loterica = institution(
  'Lotérica Bom Retiro Ltda.',
  'Other',
  '1133271430',
  'https://www.lotericabomretiro.example',
);
const riftValley = institution(
  'Rift Valley Commercial Bank Ltd',
  'Bank',
  '0202224810',
  'https://www.riftvalleybank.example',
);
const savanna = institution(
  'Savanna Mobile Money Ltd',
  'Mobile Operator',
  '0800720100',
  'https://www.savannamoney.example',
);
const harambee = institution(
  'Harambee Remit Ltd',
  'Non-bank Financial Company',
  '0202711433',
  'https://www.harambeeremit.example',
);
const kanda = institution('Kanda Trust Bank, Ltd.', 'Bank', '0352121830', 'https://www.kandatrust.example');
const edo = institution(
  'Edo Remittance Co., Ltd.',
  'Non-bank Financial Company',
  '0333504412',
  'https://www.edo-remit.example',
);
const tsubame = institution(
  'Tsubame Mobile K.K.',
  'Mobile Operator',
  '0364121907',
  'https://www.tsubame-mobile.example',
);
const konbini = institution('Konbini Cash Services K.K.', 'Other', '0338313390', 'https://www.konbinicash.example');

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const MONDAY_TO_SATURDAY = [...WEEKDAYS, 'Saturday'];
const EVERY_DAY = [...MONDAY_TO_SATURDAY, 'Sunday'];

function hours(open_time: string, close_time: string, work_days: string[]): PaymentPointBusinessHours {
  return { open_time, close_time, work_days };
}

const branch: PaymentPointMethods = {
  method_identification: 'cashout-branch',
  payment_point_terms: [
    {
      service_title: 'Cash at the branch counter',
      service_description:
        'The beneficiary collects the cash at the counter with a valid photo ID and the payment reference, as soon as the payment is settled.',
    },
  ],
};
const bankAccount: PaymentPointMethods = {
  method_identification: 'bank-account',
  payment_point_terms: [
    {
      service_title: 'Credit to a bank account',
      service_description:
        'The amount is credited to the beneficiary’s account at a bank of the country on the day of settlement; the account number must be given in the payment.',
    },
  ],
};
const agency: PaymentPointMethods = {
  method_identification: 'cashout-agency',
  payment_point_terms: [
    {
      service_title: 'Cash at an agent',
      service_description:
        'The beneficiary collects the cash at the agent with a valid photo ID and the one-time code sent to the beneficiary’s phone.',
    },
  ],
};
const delivery: PaymentPointMethods = {
  method_identification: 'cashout-delivery',
  payment_point_terms: [
    {
      service_title: 'Cash delivered to the door',
      service_description:
        'A courier brings the cash to the beneficiary’s address within the city on the next business day; the beneficiary signs for it against a photo ID.',
    },
  ],
};
const mobileWallet: PaymentPointMethods = {
  method_identification: 'cashout-mobile-operators',
  payment_point_terms: [
    {
      service_title: 'Credit to a mobile wallet',
      service_description:
        'The amount is credited to the mobile wallet of the beneficiary’s phone number; cash can then be taken out at any agent of the operator.',
    },
  ],
};

function at(latitude: number, longitude: number): PaymentPointInfo['payment_point_geo_coordinates'] {
  return [{ geo_type: 'point', geo_coordinates: [{ latitude, longitude }] }];
}

/** An area as its bounding box, corners counter-clockwise from south-west. */
function box(
  south: number,
  west: number,
  north: number,
  east: number,
): PaymentPointInfo['payment_point_geo_coordinates'] {
  return [
    {
      geo_type: 'area',
      geo_coordinates: [
        { latitude: south, longitude: west },
        { latitude: south, longitude: east },
        { latitude: north, longitude: east },
        { latitude: north, longitude: west },
      ],
    },
  ];
}

const BERLIN = '9700f4c2-211b-4d0e-8791-63e8f6f38f5b';
const LONDON = '1aade540-6d71-43f3-adab-207d5b5d83cd';
const NEW_YORK = '2e62baf3-c42d-40e1-b398-6f3f5f830e74';
const SINGAPORE = 'f990cde4-e2a6-457f-94a6-c2bbb3072aeb';
const SAO_PAULO = '722c2d53-a33f-4444-93e6-964bf1affd00';
const NAIROBI_COUNTY = 'd423ec4e-f393-47a0-b311-69575fb74f8d';
const NAIROBI_CBD = 'cd305228-9064-491b-a337-774f1eb070e6';
const TOKYO = '006cb98c-d346-412c-a485-c36ed73a4cd7';

export const seedPaymentPoints: readonly PaymentPointInfo[] = [
  // Germany
  {
    ...kiezKasse,
    institution_identifications: ['Spree Handelsbank AG', 'Funkwelle Mobil GmbH', 'Kiez Kasse UG'],
    payment_point_uuid: BERLIN,
    payment_point_identification: 'Berlin payout area',
    payment_point_business_hours: [hours('07:00', '23:00', EVERY_DAY)],
    payment_point_child_uuids: [
      '8596fe37-a349-462e-ac89-5555427bd4cf',
      'eeb43eeb-8afd-4489-9f63-911c0df296bd',
      '9024c12a-7188-49a2-90b0-27cdf56f7239',
      '867f1613-86b2-4a80-afda-4817eb3f3523',
    ],
    payment_point_parent_uuids: [],
    payment_point_currency: ['EUR', 'USD'],
    payment_point_geo_coordinates: box(52.338, 13.088, 52.675, 13.761),
    payment_point_methods: [branch, bankAccount, mobileWallet, agency],
  },
  {
    ...spree,
    payment_point_uuid: '8596fe37-a349-462e-ac89-5555427bd4cf',
    payment_point_identification: 'Spree Handelsbank Filiale Friedrichstraße',
    payment_point_address: [
      {
        street_name: 'Friedrichstraße',
        bin_or_building_number: '76',
        postal_code: '10117',
        city_name: 'Berlin',
        region_name: 'Berlin',
        country_code: 'DE',
      },
    ],
    payment_point_business_hours: [hours('09:00', '16:00', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [BERLIN],
    payment_point_currency: ['EUR', 'USD'],
    payment_point_geo_coordinates: at(52.5137, 13.3892),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...spree,
    payment_point_uuid: 'eeb43eeb-8afd-4489-9f63-911c0df296bd',
    payment_point_identification: 'Spree Handelsbank Filiale Alexanderplatz',
    payment_point_address: [
      {
        street_name: 'Alexanderplatz',
        bin_or_building_number: '2',
        postal_code: '10178',
        city_name: 'Berlin',
        region_name: 'Berlin',
        country_code: 'DE',
      },
    ],
    payment_point_business_hours: [
      hours('09:00', '16:00', ['Monday', 'Tuesday', 'Wednesday', 'Friday']),
      hours('09:00', '18:00', ['Thursday']),
    ],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [BERLIN],
    payment_point_currency: ['EUR'],
    payment_point_geo_coordinates: at(52.5219, 13.4132),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...funkwelle,
    payment_point_uuid: '9024c12a-7188-49a2-90b0-27cdf56f7239',
    payment_point_identification: 'Funkwelle Shop Kurfürstendamm',
    payment_point_address: [
      {
        street_name: 'Kurfürstendamm',
        bin_or_building_number: '26',
        postal_code: '10719',
        city_name: 'Berlin',
        region_name: 'Berlin',
        country_code: 'DE',
      },
    ],
    payment_point_business_hours: [hours('10:00', '20:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [BERLIN],
    payment_point_currency: ['EUR'],
    payment_point_geo_coordinates: at(52.5034, 13.3302),
    payment_point_methods: [mobileWallet, agency],
  },
  {
    ...kiezKasse,
    payment_point_uuid: '867f1613-86b2-4a80-afda-4817eb3f3523',
    payment_point_identification: 'Kiez Kasse Oranienstraße',
    payment_point_address: [
      {
        street_name: 'Oranienstraße',
        bin_or_building_number: '185',
        postal_code: '10999',
        city_name: 'Berlin',
        region_name: 'Berlin',
        country_code: 'DE',
      },
    ],
    payment_point_business_hours: [hours('07:00', '23:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [BERLIN],
    payment_point_currency: ['EUR'],
    payment_point_geo_coordinates: at(52.5003, 13.4225),
    payment_point_methods: [agency],
  },
  {
    ...isarFinanz,
    payment_point_uuid: '55f6dbc0-ccb4-4ee7-b6a5-a95923ed8c02',
    payment_point_identification: 'Isar Finanz Marienplatz',
    payment_point_address: [
      {
        street_name: 'Marienplatz',
        bin_or_building_number: '8',
        postal_code: '80331',
        city_name: 'München',
        region_name: 'Bayern',
        country_code: 'DE',
      },
    ],
    payment_point_business_hours: [hours('09:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['EUR'],
    payment_point_geo_coordinates: at(48.1372, 11.5755),
    payment_point_methods: [agency, bankAccount],
  },
  {
    ...isarFinanz,
    payment_point_uuid: 'd14c90a7-bf97-4fb9-b691-a3772e64348f',
    payment_point_identification: 'Isar Finanz Leopoldstraße',
    payment_point_address: [
      {
        street_name: 'Leopoldstraße',
        bin_or_building_number: '45',
        postal_code: '80802',
        city_name: 'München',
        region_name: 'Bayern',
        country_code: 'DE',
      },
    ],
    payment_point_business_hours: [hours('09:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['EUR'],
    payment_point_geo_coordinates: at(48.159, 11.5855),
    payment_point_methods: [agency, delivery],
  },

  // United Kingdom
  {
    ...highstreet,
    institution_identifications: ['Thames Mercantile Bank plc', 'Pennine Remit Ltd', 'Highstreet Counters Ltd'],
    payment_point_uuid: LONDON,
    payment_point_identification: 'Greater London payout area',
    payment_point_business_hours: [hours('08:00', '22:00', EVERY_DAY)],
    payment_point_child_uuids: [
      '00104970-c47e-4415-a3b4-d167d49fd6db',
      '832da085-6bfd-45e4-bdb7-95be4f02c54b',
      '4e54864d-cbd7-4b6d-8084-467c1103fb1c',
      '7f18953a-b822-4aba-88c1-5c3d5b35bd55',
    ],
    payment_point_parent_uuids: [],
    payment_point_currency: ['GBP', 'EUR', 'USD'],
    payment_point_geo_coordinates: box(51.286, -0.51, 51.692, 0.334),
    payment_point_methods: [branch, bankAccount, agency, delivery],
  },
  {
    ...thames,
    payment_point_uuid: '00104970-c47e-4415-a3b4-d167d49fd6db',
    payment_point_identification: 'Thames Mercantile Bank Cheapside',
    payment_point_address: [
      {
        street_name: 'Cheapside',
        bin_or_building_number: '101',
        postal_code: 'EC2V 6DT',
        city_name: 'London',
        region_name: 'England',
        country_code: 'GB',
      },
    ],
    payment_point_business_hours: [hours('09:30', '16:30', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [LONDON],
    payment_point_currency: ['GBP', 'EUR', 'USD'],
    payment_point_geo_coordinates: at(51.5141, -0.0934),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...thames,
    payment_point_uuid: '832da085-6bfd-45e4-bdb7-95be4f02c54b',
    payment_point_identification: 'Thames Mercantile Bank Oxford Street',
    payment_point_address: [
      {
        street_name: 'Oxford Street',
        bin_or_building_number: '318',
        postal_code: 'W1C 1HF',
        city_name: 'London',
        region_name: 'England',
        country_code: 'GB',
      },
    ],
    payment_point_business_hours: [hours('09:30', '16:30', WEEKDAYS), hours('10:00', '14:00', ['Saturday'])],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [LONDON],
    payment_point_currency: ['GBP'],
    payment_point_geo_coordinates: at(51.5152, -0.1475),
    payment_point_methods: [branch],
  },
  {
    ...pennine,
    payment_point_uuid: '4e54864d-cbd7-4b6d-8084-467c1103fb1c',
    payment_point_identification: 'Pennine Remit Brixton',
    payment_point_address: [
      {
        street_name: 'Brixton Road',
        bin_or_building_number: '470',
        postal_code: 'SW9 8EH',
        city_name: 'London',
        region_name: 'England',
        country_code: 'GB',
      },
    ],
    payment_point_business_hours: [hours('09:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [LONDON],
    payment_point_currency: ['GBP'],
    payment_point_geo_coordinates: at(51.4642, -0.1135),
    payment_point_methods: [agency, delivery],
  },
  {
    ...highstreet,
    payment_point_uuid: '7f18953a-b822-4aba-88c1-5c3d5b35bd55',
    payment_point_identification: 'Highstreet Counters Whitechapel',
    payment_point_address: [
      {
        street_name: 'Whitechapel Road',
        bin_or_building_number: '262',
        postal_code: 'E1 1BY',
        city_name: 'London',
        region_name: 'England',
        country_code: 'GB',
      },
    ],
    payment_point_business_hours: [hours('08:00', '22:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [LONDON],
    payment_point_currency: ['GBP'],
    payment_point_geo_coordinates: at(51.5186, -0.063),
    payment_point_methods: [agency],
  },
  {
    ...pennine,
    payment_point_uuid: '3ad33556-fc73-477d-a13b-f3239b5086ec',
    payment_point_identification: 'Pennine Remit Market Street',
    payment_point_address: [
      {
        street_name: 'Market Street',
        bin_or_building_number: '48',
        postal_code: 'M1 1PW',
        city_name: 'Manchester',
        region_name: 'England',
        country_code: 'GB',
      },
    ],
    payment_point_business_hours: [hours('09:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['GBP'],
    payment_point_geo_coordinates: at(53.4822, -2.241),
    payment_point_methods: [agency, bankAccount],
  },
  {
    ...highstreet,
    payment_point_uuid: '127448d5-528c-4c41-8c05-b48d16d9e7fd',
    payment_point_identification: 'Highstreet Counters Oxford Road',
    payment_point_address: [
      {
        street_name: 'Oxford Road',
        bin_or_building_number: '319',
        postal_code: 'M13 9PG',
        city_name: 'Manchester',
        region_name: 'England',
        country_code: 'GB',
      },
    ],
    payment_point_business_hours: [hours('08:00', '22:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['GBP'],
    payment_point_geo_coordinates: at(53.463, -2.23),
    payment_point_methods: [agency],
  },

  // United States
  {
    ...bodega,
    institution_identifications: ['Hudson Harbor Bank, N.A.', 'Liberty Remit Inc.', 'Bodega Express Services LLC'],
    payment_point_uuid: NEW_YORK,
    payment_point_identification: 'New York City payout area',
    payment_point_business_hours: [hours('06:00', '23:59', EVERY_DAY)],
    payment_point_child_uuids: [
      '4c5485c6-fac4-4017-aee6-839c9a6343da',
      '2329b0d7-ceac-493d-aade-5b17593a4a4c',
      'e2f702a0-b5b3-4cfc-83e0-8767612b4be7',
    ],
    payment_point_parent_uuids: [],
    payment_point_currency: ['USD'],
    payment_point_geo_coordinates: box(40.477, -74.259, 40.917, -73.7),
    payment_point_methods: [branch, bankAccount, agency, delivery],
  },
  {
    ...hudson,
    payment_point_uuid: '4c5485c6-fac4-4017-aee6-839c9a6343da',
    payment_point_identification: 'Hudson Harbor Bank Broadway',
    payment_point_address: [
      {
        street_name: 'Broadway',
        bin_or_building_number: '140',
        postal_code: '10005',
        city_name: 'New York',
        region_name: 'New York',
        country_code: 'US',
      },
    ],
    payment_point_business_hours: [hours('09:00', '17:00', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [NEW_YORK],
    payment_point_currency: ['USD'],
    payment_point_geo_coordinates: at(40.7087, -74.0107),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...liberty,
    payment_point_uuid: '2329b0d7-ceac-493d-aade-5b17593a4a4c',
    payment_point_identification: 'Liberty Remit Fifth Avenue',
    payment_point_address: [
      {
        street_name: 'Fifth Avenue',
        bin_or_building_number: '521',
        postal_code: '10175',
        city_name: 'New York',
        region_name: 'New York',
        country_code: 'US',
      },
    ],
    payment_point_business_hours: [hours('09:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [NEW_YORK],
    payment_point_currency: ['USD'],
    payment_point_geo_coordinates: at(40.754, -73.98),
    payment_point_methods: [agency, delivery],
  },
  {
    ...bodega,
    payment_point_uuid: 'e2f702a0-b5b3-4cfc-83e0-8767612b4be7',
    payment_point_identification: 'Bodega Express Roosevelt Avenue',
    payment_point_address: [
      {
        street_name: 'Roosevelt Avenue',
        bin_or_building_number: '82-10',
        postal_code: '11372',
        city_name: 'Jackson Heights',
        region_name: 'New York',
        country_code: 'US',
      },
    ],
    payment_point_business_hours: [hours('06:00', '23:59', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [NEW_YORK],
    payment_point_currency: ['USD'],
    payment_point_geo_coordinates: at(40.747, -73.884),
    payment_point_methods: [agency],
  },
  {
    ...liberty,
    payment_point_uuid: '6202b1a0-52df-4dd0-a3c2-660eebbf461a',
    payment_point_identification: 'Liberty Remit Calle Ocho',
    payment_point_address: [
      {
        street_name: 'SW 8th Street',
        bin_or_building_number: '1600',
        postal_code: '33135',
        city_name: 'Miami',
        region_name: 'Florida',
        country_code: 'US',
      },
    ],
    payment_point_business_hours: [hours('09:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['USD'],
    payment_point_geo_coordinates: at(25.7655, -80.22),
    payment_point_methods: [agency, bankAccount],
  },
  {
    ...hudson,
    payment_point_uuid: '2272ba88-b3f9-4e77-a920-12798603a340',
    payment_point_identification: 'Hudson Harbor Bank Brickell',
    payment_point_address: [
      {
        street_name: 'Brickell Avenue',
        bin_or_building_number: '1111',
        postal_code: '33131',
        city_name: 'Miami',
        region_name: 'Florida',
        country_code: 'US',
      },
    ],
    payment_point_business_hours: [hours('09:00', '17:00', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['USD'],
    payment_point_geo_coordinates: at(25.7628, -80.1918),
    payment_point_methods: [branch, bankAccount],
  },

  // Singapore
  {
    ...straits,
    institution_identifications: [
      'Merlion Commercial Bank Ltd',
      'Straits Remittance Pte Ltd',
      'Lion City Telecom Pte Ltd',
    ],
    payment_point_uuid: SINGAPORE,
    payment_point_identification: 'Singapore payout area',
    payment_point_business_hours: [hours('09:00', '21:00', EVERY_DAY)],
    payment_point_child_uuids: [
      '0ce73b1d-9231-4525-9112-dfab75d7dc9e',
      '89dfb665-ed26-4f10-8eb1-35fed9c6b75e',
      '9d4d1d58-a908-47bf-83ce-337b91700b06',
      'd2129e87-f3ab-4f8c-b0e9-001553549fce',
    ],
    payment_point_parent_uuids: [],
    payment_point_currency: ['SGD', 'USD'],
    payment_point_geo_coordinates: box(1.159, 103.605, 1.471, 104.044),
    payment_point_methods: [branch, bankAccount, agency, mobileWallet, delivery],
  },
  {
    ...merlion,
    payment_point_uuid: '0ce73b1d-9231-4525-9112-dfab75d7dc9e',
    payment_point_identification: 'Merlion Commercial Bank Raffles Place',
    payment_point_address: [
      {
        street_name: 'Raffles Place',
        bin_or_building_number: '1',
        postal_code: '048616',
        city_name: 'Singapore',
        region_name: 'Central Region',
        country_code: 'SG',
      },
    ],
    payment_point_business_hours: [hours('09:30', '16:30', WEEKDAYS), hours('09:30', '11:30', ['Saturday'])],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [SINGAPORE],
    payment_point_currency: ['SGD', 'USD'],
    payment_point_geo_coordinates: at(1.2847, 103.8514),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...straits,
    payment_point_uuid: '89dfb665-ed26-4f10-8eb1-35fed9c6b75e',
    payment_point_identification: 'Straits Remittance Serangoon Road',
    payment_point_address: [
      {
        street_name: 'Serangoon Road',
        bin_or_building_number: '200',
        postal_code: '218086',
        city_name: 'Singapore',
        region_name: 'Central Region',
        country_code: 'SG',
      },
    ],
    payment_point_business_hours: [hours('10:00', '21:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [SINGAPORE],
    payment_point_currency: ['SGD'],
    payment_point_geo_coordinates: at(1.3105, 103.854),
    payment_point_methods: [agency, bankAccount],
  },
  {
    ...lionCity,
    payment_point_uuid: '9d4d1d58-a908-47bf-83ce-337b91700b06',
    payment_point_identification: 'Lion City Telecom Orchard Road',
    payment_point_address: [
      {
        street_name: 'Orchard Road',
        bin_or_building_number: '313',
        postal_code: '238895',
        city_name: 'Singapore',
        region_name: 'Central Region',
        country_code: 'SG',
      },
    ],
    payment_point_business_hours: [hours('11:00', '21:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [SINGAPORE],
    payment_point_currency: ['SGD'],
    payment_point_geo_coordinates: at(1.301, 103.8385),
    payment_point_methods: [mobileWallet],
  },
  {
    ...straits,
    payment_point_uuid: 'd2129e87-f3ab-4f8c-b0e9-001553549fce',
    payment_point_identification: 'Straits Remittance Jurong East',
    payment_point_address: [
      {
        street_name: 'Jurong East Street 21',
        bin_or_building_number: '21',
        postal_code: '609601',
        city_name: 'Singapore',
        region_name: 'West Region',
        country_code: 'SG',
      },
    ],
    payment_point_business_hours: [hours('10:00', '20:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [SINGAPORE],
    payment_point_currency: ['SGD'],
    payment_point_geo_coordinates: at(1.3367, 103.7398),
    payment_point_methods: [delivery, agency],
  },

  // Brazil
  {
    ...loterica,
    institution_identifications: [
      'Banco Tietê Mercantil S.A.',
      'Carioca Câmbio e Remessas Ltda.',
      'Lotérica Bom Retiro Ltda.',
    ],
    payment_point_uuid: SAO_PAULO,
    payment_point_identification: 'São Paulo payout area',
    payment_point_business_hours: [hours('08:00', '18:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [
      'f183a3ec-c2e4-4f1c-8dd6-abc4067ec696',
      '9893ddab-1f14-4607-87e9-eb6239f34bff',
      '8f1f5718-4306-4c0c-92a4-292989e1f6aa',
    ],
    payment_point_parent_uuids: [],
    payment_point_currency: ['BRL', 'USD'],
    payment_point_geo_coordinates: box(-24.008, -46.826, -23.357, -46.365),
    payment_point_methods: [branch, bankAccount, agency],
  },
  {
    ...tiete,
    payment_point_uuid: 'f183a3ec-c2e4-4f1c-8dd6-abc4067ec696',
    payment_point_identification: 'Banco Tietê Mercantil Agência Paulista',
    payment_point_address: [
      {
        street_name: 'Avenida Paulista',
        bin_or_building_number: '1374',
        postal_code: '01310-100',
        city_name: 'São Paulo',
        region_name: 'São Paulo',
        country_code: 'BR',
      },
    ],
    payment_point_business_hours: [hours('10:00', '16:00', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [SAO_PAULO],
    payment_point_currency: ['BRL'],
    payment_point_geo_coordinates: at(-23.5631, -46.6544),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...carioca,
    payment_point_uuid: '9893ddab-1f14-4607-87e9-eb6239f34bff',
    payment_point_identification: 'Carioca Câmbio Rua 25 de Março',
    payment_point_address: [
      {
        street_name: 'Rua 25 de Março',
        bin_or_building_number: '1000',
        postal_code: '01021-200',
        city_name: 'São Paulo',
        region_name: 'São Paulo',
        country_code: 'BR',
      },
    ],
    payment_point_business_hours: [hours('09:00', '18:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [SAO_PAULO],
    payment_point_currency: ['BRL', 'USD'],
    payment_point_geo_coordinates: at(-23.5434, -46.6326),
    payment_point_methods: [agency],
  },
  {
    ...loterica,
    payment_point_uuid: '8f1f5718-4306-4c0c-92a4-292989e1f6aa',
    payment_point_identification: 'Lotérica Bom Retiro José Paulino',
    payment_point_address: [
      {
        street_name: 'Rua José Paulino',
        bin_or_building_number: '300',
        postal_code: '01120-000',
        city_name: 'São Paulo',
        region_name: 'São Paulo',
        country_code: 'BR',
      },
    ],
    payment_point_business_hours: [hours('08:00', '18:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [SAO_PAULO],
    payment_point_currency: ['BRL'],
    payment_point_geo_coordinates: at(-23.5276, -46.6393),
    payment_point_methods: [agency],
  },
  {
    ...carioca,
    payment_point_uuid: '022bad61-c315-4702-b1df-87910adbcf80',
    payment_point_identification: 'Carioca Câmbio Avenida Rio Branco',
    payment_point_address: [
      {
        street_name: 'Avenida Rio Branco',
        bin_or_building_number: '125',
        postal_code: '20040-006',
        city_name: 'Rio de Janeiro',
        region_name: 'Rio de Janeiro',
        country_code: 'BR',
      },
    ],
    payment_point_business_hours: [hours('09:00', '18:00', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['BRL', 'USD'],
    payment_point_geo_coordinates: at(-22.902, -43.177),
    payment_point_methods: [agency, delivery],
  },
  {
    ...tiete,
    payment_point_uuid: 'aa7ca55f-10a2-4764-99a0-1b96235723f2',
    payment_point_identification: 'Banco Tietê Mercantil Agência Copacabana',
    payment_point_address: [
      {
        street_name: 'Avenida Nossa Senhora de Copacabana',
        bin_or_building_number: '680',
        postal_code: '22050-001',
        city_name: 'Rio de Janeiro',
        region_name: 'Rio de Janeiro',
        country_code: 'BR',
      },
    ],
    payment_point_business_hours: [hours('10:00', '16:00', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['BRL'],
    payment_point_geo_coordinates: at(-22.968, -43.185),
    payment_point_methods: [branch, bankAccount],
  },

  // Kenya: the county area holds the central business district area, which holds two points.
  {
    ...savanna,
    institution_identifications: ['Rift Valley Commercial Bank Ltd', 'Savanna Mobile Money Ltd', 'Harambee Remit Ltd'],
    payment_point_uuid: NAIROBI_COUNTY,
    payment_point_identification: 'Nairobi City County payout area',
    payment_point_business_hours: [hours('07:00', '21:00', EVERY_DAY)],
    payment_point_child_uuids: [
      NAIROBI_CBD,
      'f3bef8ca-d5ac-4436-a9f8-66552557561b',
      'ed8ad212-bc9d-423a-bede-bc1e41cc34af',
    ],
    payment_point_parent_uuids: [],
    payment_point_currency: ['KES', 'USD'],
    payment_point_geo_coordinates: box(-1.444, 36.665, -1.163, 37.105),
    payment_point_methods: [branch, bankAccount, mobileWallet, agency, delivery],
  },
  {
    ...savanna,
    institution_identifications: ['Rift Valley Commercial Bank Ltd', 'Savanna Mobile Money Ltd'],
    payment_point_uuid: NAIROBI_CBD,
    payment_point_identification: 'Nairobi Central Business District payout area',
    payment_point_business_hours: [hours('07:00', '21:00', EVERY_DAY)],
    payment_point_child_uuids: ['1c79c84e-396b-4bf0-a3ff-5783814ddc4d', '3777ae9f-c7b1-436a-8f0c-d4f62d9e2c32'],
    payment_point_parent_uuids: [NAIROBI_COUNTY],
    payment_point_currency: ['KES', 'USD'],
    payment_point_geo_coordinates: box(-1.292, 36.815, -1.279, 36.83),
    payment_point_methods: [branch, bankAccount, mobileWallet, agency],
  },
  {
    ...riftValley,
    payment_point_uuid: '1c79c84e-396b-4bf0-a3ff-5783814ddc4d',
    payment_point_identification: 'Rift Valley Commercial Bank Kenyatta Avenue',
    payment_point_address: [
      {
        street_name: 'Kenyatta Avenue',
        bin_or_building_number: 'Rift House',
        postal_code: '00100',
        city_name: 'Nairobi',
        region_name: 'Nairobi City',
        country_code: 'KE',
      },
    ],
    payment_point_business_hours: [hours('08:30', '16:00', WEEKDAYS), hours('09:00', '12:00', ['Saturday'])],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [NAIROBI_CBD],
    payment_point_currency: ['KES', 'USD'],
    payment_point_geo_coordinates: at(-1.2851, 36.8213),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...savanna,
    payment_point_uuid: '3777ae9f-c7b1-436a-8f0c-d4f62d9e2c32',
    payment_point_identification: 'Savanna Mobile Money Moi Avenue agent',
    payment_point_address: [
      {
        street_name: 'Moi Avenue',
        bin_or_building_number: 'Tumaini House',
        postal_code: '00100',
        city_name: 'Nairobi',
        region_name: 'Nairobi City',
        country_code: 'KE',
      },
    ],
    payment_point_business_hours: [hours('07:00', '21:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [NAIROBI_CBD],
    payment_point_currency: ['KES'],
    payment_point_geo_coordinates: at(-1.2838, 36.826),
    payment_point_methods: [mobileWallet, agency],
  },
  {
    ...harambee,
    payment_point_uuid: 'f3bef8ca-d5ac-4436-a9f8-66552557561b',
    payment_point_identification: 'Harambee Remit Eastleigh',
    payment_point_address: [
      {
        street_name: 'First Avenue',
        bin_or_building_number: 'Amani Plaza',
        postal_code: '00610',
        city_name: 'Nairobi',
        region_name: 'Nairobi City',
        country_code: 'KE',
      },
    ],
    payment_point_business_hours: [hours('08:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [NAIROBI_COUNTY],
    payment_point_currency: ['KES', 'USD'],
    payment_point_geo_coordinates: at(-1.2745, 36.85),
    payment_point_methods: [agency, delivery],
  },
  {
    ...savanna,
    payment_point_uuid: 'ed8ad212-bc9d-423a-bede-bc1e41cc34af',
    payment_point_identification: 'Savanna Mobile Money Westlands agent',
    payment_point_address: [
      {
        street_name: 'Waiyaki Way',
        bin_or_building_number: 'Baraka Centre',
        postal_code: '00800',
        city_name: 'Nairobi',
        region_name: 'Nairobi City',
        country_code: 'KE',
      },
    ],
    payment_point_business_hours: [hours('07:00', '21:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [NAIROBI_COUNTY],
    payment_point_currency: ['KES'],
    payment_point_geo_coordinates: at(-1.264, 36.804),
    payment_point_methods: [mobileWallet, agency],
  },
  {
    ...harambee,
    payment_point_uuid: 'cea142cb-3f19-489e-a467-36c8b4452a8d',
    payment_point_identification: 'Harambee Remit Mombasa',
    payment_point_address: [
      {
        street_name: 'Moi Avenue',
        bin_or_building_number: 'Pwani House',
        postal_code: '80100',
        city_name: 'Mombasa',
        region_name: 'Mombasa',
        country_code: 'KE',
      },
    ],
    payment_point_business_hours: [hours('08:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['KES'],
    payment_point_geo_coordinates: at(-4.061, 39.672),
    payment_point_methods: [agency],
  },

  // Japan: the special wards of Tokyo are cities of their own, within the prefecture (region) Tokyo.
  {
    ...konbini,
    institution_identifications: [
      'Kanda Trust Bank, Ltd.',
      'Edo Remittance Co., Ltd.',
      'Tsubame Mobile K.K.',
      'Konbini Cash Services K.K.',
    ],
    payment_point_uuid: TOKYO,
    payment_point_identification: 'Tokyo special wards payout area',
    payment_point_business_hours: [hours('00:00', '23:59', EVERY_DAY)],
    payment_point_child_uuids: [
      '958e8bd5-d56c-4c1f-aa6c-d9681b07e632',
      'afb3c552-f53e-4586-8541-8ff45627f1dd',
      '4ce79a3b-2ef1-4de6-bdf4-033e6131fc3d',
      '5250b3e3-5693-4d71-807c-c357c83608d9',
    ],
    payment_point_parent_uuids: [],
    payment_point_currency: ['JPY'],
    payment_point_geo_coordinates: box(35.53, 139.56, 35.82, 139.92),
    payment_point_methods: [branch, bankAccount, agency, mobileWallet],
  },
  {
    ...kanda,
    payment_point_uuid: '958e8bd5-d56c-4c1f-aa6c-d9681b07e632',
    payment_point_identification: 'Kanda Trust Bank Marunouchi',
    payment_point_address: [
      {
        street_name: 'Marunouchi',
        bin_or_building_number: '1-6-5',
        postal_code: '100-0005',
        city_name: 'Chiyoda',
        region_name: 'Tokyo',
        country_code: 'JP',
      },
    ],
    payment_point_business_hours: [hours('09:00', '15:00', WEEKDAYS)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [TOKYO],
    payment_point_currency: ['JPY'],
    payment_point_geo_coordinates: at(35.6818, 139.766),
    payment_point_methods: [branch, bankAccount],
  },
  {
    ...edo,
    payment_point_uuid: 'afb3c552-f53e-4586-8541-8ff45627f1dd',
    payment_point_identification: 'Edo Remittance Nishi-Shinjuku',
    payment_point_address: [
      {
        street_name: 'Nishi-Shinjuku',
        bin_or_building_number: '1-5-1',
        postal_code: '160-0023',
        city_name: 'Shinjuku',
        region_name: 'Tokyo',
        country_code: 'JP',
      },
    ],
    payment_point_business_hours: [hours('10:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [TOKYO],
    payment_point_currency: ['JPY'],
    payment_point_geo_coordinates: at(35.691, 139.6975),
    payment_point_methods: [agency, bankAccount],
  },
  {
    ...tsubame,
    payment_point_uuid: '4ce79a3b-2ef1-4de6-bdf4-033e6131fc3d',
    payment_point_identification: 'Tsubame Mobile Jingumae',
    payment_point_address: [
      {
        street_name: 'Jingumae',
        bin_or_building_number: '6-19-20',
        postal_code: '150-0001',
        city_name: 'Shibuya',
        region_name: 'Tokyo',
        country_code: 'JP',
      },
    ],
    payment_point_business_hours: [hours('11:00', '20:00', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [TOKYO],
    payment_point_currency: ['JPY'],
    payment_point_geo_coordinates: at(35.668, 139.705),
    payment_point_methods: [mobileWallet],
  },
  {
    ...konbini,
    payment_point_uuid: '5250b3e3-5693-4d71-807c-c357c83608d9',
    payment_point_identification: 'Konbini Cash Ueno',
    payment_point_address: [
      {
        street_name: 'Ueno',
        bin_or_building_number: '4-9-6',
        postal_code: '110-0005',
        city_name: 'Taito',
        region_name: 'Tokyo',
        country_code: 'JP',
      },
    ],
    payment_point_business_hours: [hours('00:00', '23:59', EVERY_DAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [TOKYO],
    payment_point_currency: ['JPY'],
    payment_point_geo_coordinates: at(35.709, 139.774),
    payment_point_methods: [agency],
  },
  {
    ...edo,
    payment_point_uuid: '68a59233-f330-4111-b623-5af770f422d2',
    payment_point_identification: 'Edo Remittance Umeda',
    payment_point_address: [
      {
        street_name: 'Umeda',
        bin_or_building_number: '3-1-1',
        postal_code: '530-0001',
        city_name: 'Osaka',
        region_name: 'Osaka',
        country_code: 'JP',
      },
    ],
    payment_point_business_hours: [hours('10:00', '19:00', MONDAY_TO_SATURDAY)],
    payment_point_child_uuids: [],
    payment_point_parent_uuids: [],
    payment_point_currency: ['JPY'],
    payment_point_geo_coordinates: at(34.7025, 135.4955),
    payment_point_methods: [agency],
  },
];
