import type { AdminBusiness, AdminProfile } from '../../../common/api/admin.ts';
import { isBusinessStatus, isContentKey } from '../../../common/business.ts';
import type { Business } from '../repositories/businesses.ts';
import type { AdminUser } from '../repositories/admin-users.ts';

/** The admin as the panel sees it: never the password hash or id. */
export function presentAdmin(admin: AdminUser): AdminProfile {
  return { username: admin.username, lastLoginAt: admin.lastLoginAt?.toISOString() ?? null };
}

/** A stored business as the admin sees and edits it (common/api/admin.ts AdminBusiness). */
export function presentAdminBusiness(business: Business): AdminBusiness {
  return {
    id: business.id,
    name: business.name,
    slug: business.slug,
    category: business.category,
    categorySlug: business.categorySlug,
    type: business.type,
    subtypes: business.subtypes,
    fullAddress: business.fullAddress,
    street: business.street,
    city: business.city,
    citySlug: business.citySlug,
    postalCode: business.postalCode,
    state: business.state,
    country: business.country,
    countryCode: business.countryCode,
    phone: business.phone,
    latitude: business.latitude,
    longitude: business.longitude,
    rating: business.rating,
    reviewCount: business.reviewCount,
    reviewsLink: business.reviewsLink,
    photo: business.photo,
    logo: business.logo,
    locatedIn: business.locatedIn,
    workingHours: business.workingHours as AdminBusiness['workingHours'],
    about: business.about as AdminBusiness['about'],
    verified: business.verified,
    website: business.website,
    url: business.url,
    businessStatus: isBusinessStatus(business.businessStatus) ? business.businessStatus : null,
    // A content key is the importer's matching key, nobody's place_id (common/business.ts).
    placeId: isContentKey(business.placeId) ? null : business.placeId,
    isApproved: business.isApproved,
    source: business.source,
    createdAt: business.createdAt.toISOString(),
    updatedAt: business.updatedAt.toISOString(),
  };
}
