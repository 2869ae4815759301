// Geodesics on the WGS84 ellipsoid through GeographicLib (C. F. F. Karney), a C++ library, as
// plain C functions: Swift calls these and never sees a C++ type.
#ifndef CGEOGRAPHICLIB_H
#define CGEOGRAPHICLIB_H

#ifdef __cplusplus
extern "C" {
#endif

/// The inverse problem from (lat1, lon1) to (lat2, lon2), degrees: the distance in metres and the
/// azimuths at both ends, degrees clockwise from north (`Geodesic::Inverse`).
void geographiclib_wgs84_inverse(double lat1, double lon1, double lat2, double lon2,
                                 double *s12, double *azi1, double *azi2);

/// The distance only, metres (`Geodesic::Inverse` without azimuths).
double geographiclib_wgs84_distance(double lat1, double lon1, double lat2, double lon2);

/// The direct problem: the point `s12` metres from (lat1, lon1) along azimuth `azi1`, and the
/// azimuth there (`Geodesic::Direct`; the longitude reduced to [-180, 180]).
void geographiclib_wgs84_direct(double lat1, double lon1, double azi1, double s12,
                                double *lat2, double *lon2, double *azi2);

#ifdef __cplusplus
}
#endif

#endif
