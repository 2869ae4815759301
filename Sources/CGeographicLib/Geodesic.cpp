// The only file that sees GeographicLib's C++ types (see include/CGeographicLib.h).
#include "CGeographicLib.h"
#include <GeographicLib/Geodesic.hpp>

namespace {
/// WGS84: a = 6378137 m, f = 1/298.257223563. Made on first use (C++ makes that thread-safe), so
/// that loading the program runs no constructor; then only read, which is safe from any thread.
const GeographicLib::Geodesic &wgs84() {
    static const GeographicLib::Geodesic geodesic(6378137, 1 / 298.257223563);
    return geodesic;
}
}

extern "C" void geographiclib_wgs84_inverse(double lat1, double lon1, double lat2, double lon2,
                                            double *s12, double *azi1, double *azi2) {
    wgs84().Inverse(lat1, lon1, lat2, lon2, *s12, *azi1, *azi2);
}

extern "C" double geographiclib_wgs84_distance(double lat1, double lon1, double lat2, double lon2) {
    double s12 = 0;
    wgs84().Inverse(lat1, lon1, lat2, lon2, s12);
    return s12;
}

extern "C" void geographiclib_wgs84_direct(double lat1, double lon1, double azi1, double s12,
                                           double *lat2, double *lon2, double *azi2) {
    wgs84().Direct(lat1, lon1, azi1, s12, *lat2, *lon2, *azi2);
}
