import type { GeoType, PaymentMethod, PaymentPointType } from '../enumerations.ts';

/**
 * The spec's payment point objects ("Payment point objects"), field for field; the closed value sets
 * come from schemas/enumerations.ts. Optional fields are the ones the spec marks as not required.
 */

export interface PaymentPointAddress {
  bin_or_building_number: string;
  city_name: string;
  country_code: string;
  postal_code: string;
  region_name: string;
  street_name: string;
}

export interface PaymentPointBusinessHours {
  /** HH:MM */
  close_time: string;
  /** HH:MM */
  open_time: string;
  work_days: string[];
}

export interface GeoCoordinates {
  latitude: number;
  longitude: number;
}

export interface PaymentPointGeoCoordinates {
  geo_coordinates: GeoCoordinates[];
  geo_type: GeoType;
}

export interface PaymentPointTerms {
  service_description: string;
  service_title: string;
}

export interface PaymentPointMethods {
  method_identification: PaymentMethod;
  payment_point_terms: PaymentPointTerms[];
}

export interface PaymentPointInfo {
  institution_identifications: string[];
  /** Without country code. */
  institution_phone_number: string;
  institution_routing_number?: string;
  institution_website_url: string;
  payment_point_address?: PaymentPointAddress[];
  payment_point_business_hours: PaymentPointBusinessHours[];
  /** Points or areas inside this one. */
  payment_point_child_uuids: string[];
  /** ISO 4217 codes. */
  payment_point_currency: string[];
  payment_point_geo_coordinates: PaymentPointGeoCoordinates[];
  payment_point_identification: string;
  payment_point_logo_url: string;
  payment_point_methods: PaymentPointMethods[];
  /** Areas that contain this point or area. */
  payment_point_parent_uuids: string[];
  payment_point_type: PaymentPointType;
  payment_point_uuid?: string;
}
