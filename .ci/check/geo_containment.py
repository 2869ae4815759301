"""Helper of .ci/check/geo-containment: builds areas and points, asks shapely and `hunt where`."""
import csv, io, json, math, os, random, subprocess, sys, tempfile
from shapely.geometry import shape, Point, Polygon, MultiPolygon
from shapely.prepared import prep

HUNT = os.environ["HUNT"]
N = 10_000
rng = random.Random(20261121)


def star(cx, cy, r, n, jitter, clockwise):
    """An irregular ring of n vertices around (cx, cy), radius r degrees."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        rr = r * (1 - jitter * rng.random())
        pts.append((cx + rr * math.cos(a) / max(0.2, math.cos(math.radians(cy))), cy + rr * math.sin(a)))
    if clockwise:
        pts.reverse()
    return pts


def wrap(lon):
    return (lon + 180) % 360 - 180


def built_areas():
    areas = []
    # 1. Crosses the antimeridian (unwrapped centre 180), 2,000 vertices, clockwise, two holes,
    #    one of them straddling the line too. Written with wrapped longitudes, as files do.
    outer = star(180.0, -17.0, 3.0, 2000, 0.35, clockwise=True)
    holes = [star(180.0, -17.0, 0.8, 300, 0.3, clockwise=False), star(181.6, -16.0, 0.5, 200, 0.3, clockwise=True)]
    areas.append(("antimeridian-with-holes", [(outer, holes)]))
    # 2. Crosses near the Aleutians, a multipolygon: one part either side of the line.
    a = star(179.0, 52.0, 1.5, 800, 0.4, clockwise=False)
    b = star(-177.0, 51.0, 1.2, 600, 0.4, clockwise=True)
    areas.append(("aleutians-multipolygon", [(a, [star(179.0, 52.0, 0.4, 100, 0.2, clockwise=False)]), (b, [])]))
    # 3. A hunt-scale park (about 1 km) with a pond, 10,000 vertices.
    outer = star(5.12, 52.09, 0.006, 10_000, 0.05, clockwise=True)
    areas.append(("park-10000-vertices", [(outer, [star(5.12, 52.09, 0.0015, 400, 0.3, clockwise=True)])]))
    return areas


def geojson(parts):
    polys = [[[[wrap(x), y] for x, y in ring + ring[:1]] for ring in [outer] + holes] for outer, holes in parts]
    return {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "built"},
            "geometry": {"type": "MultiPolygon", "coordinates": polys}}]}


def shapely_unwrapped(parts):
    """Shapely is planar: give it the rings unwrapped (continuous longitudes), as HuntKit reads them."""
    polys = []
    reference = None
    for outer, holes in parts:
        def unwrap(ring):
            out, x = [], ring[0][0]
            out.append((x, ring[0][1]))
            for (x0, _), (x1, y1) in zip(ring, ring[1:]):
                x += ((x1 - x0 + 180) % 360) - 180
                out.append((x, y1))
            return out
        o = unwrap(outer)
        centre = sum(p[0] for p in o) / len(o)
        if reference is None:
            reference = centre
        k = round((reference - centre) / 360) * 360   # keep every part next to the first
        o = [(x + k, y) for x, y in o]
        hs = []
        for h in holes:
            u = unwrap(h)
            shift = round(((sum(p[0] for p in o) / len(o)) - (sum(p[0] for p in u) / len(u))) / 360) * 360
            hs.append([(x + shift, y) for x, y in u])
        polys.append(Polygon(o, hs))
    return MultiPolygon(polys)


def compare(name, path, geometry):
    minx, miny, maxx, maxy = geometry.bounds
    dx, dy = (maxx - minx) * 0.1, (maxy - miny) * 0.1
    pts = [(rng.uniform(miny - dy, maxy + dy), rng.uniform(minx - dx, maxx + dx)) for _ in range(N)]
    prepared = prep(geometry)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("lat,lon\n")
        for lat, lon in pts:
            f.write(f"{lat:.9f},{wrap(lon):.9f}\n")
        csv_path = f.name
    out = subprocess.run([HUNT, "where", "--positions", csv_path, "--to", path, "--format", "csv"],
                         check=True, capture_output=True, text=True).stdout
    os.unlink(csv_path)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == N, f"{name}: hunt gave {len(rows)} rows for {N} points"
    excluded = disagree = inside = 0
    examples = []
    for (lat, lon), row in zip(pts, rows):
        if abs(float(row["edge_m"])) < 1.0:
            excluded += 1
            continue
        theirs = any(prepared.contains(Point(lon + k, lat)) for k in (0, 360, -360))
        ours = row["inside"] == "true"
        inside += ours
        if theirs != ours:
            disagree += 1
            if len(examples) < 5:
                examples.append(f"{lat},{lon} shapely={theirs} hunt={ours} edge_m={row['edge_m']}")
    print(f"{name}: {N} points, {inside} inside, {excluded} within 1 m of an edge left out, {disagree} disagreements")
    for e in examples:
        print("  ", e)
    return disagree


def main():
    failures = 0
    fra = sys.argv[1]
    if os.path.exists(fra):
        with open(fra) as f:
            data = json.load(f)
        geoms = [shape(feat["geometry"]) for feat in data.get("features", [data])]
        geometry = geoms[0] if len(geoms) == 1 else MultiPolygon([p for g in geoms for p in getattr(g, "geoms", [g])])
        failures += compare("FRA.geo.json", fra, geometry)
    else:
        print(f"skipping {fra}: not found", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        for name, parts in built_areas():
            path = os.path.join(tmp, name + ".geojson")
            with open(path, "w") as f:
                json.dump(geojson(parts), f)
            failures += compare(name, path, shapely_unwrapped(parts))
    sys.exit(1 if failures else 0)


main()
