#!/usr/bin/env bash
# A places file in a pull request with an XML processing instruction that has no data (`<?x?>`)
# crashed `hunt validate` and `hunt import` inside Foundation's XMLParser.
# fast
set -euo pipefail
cd "$WORK"
printf '<?xml version="1.0"?>\n<?x?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="52.1" lon="5.1"><name>a</name></wpt></gpx>\n' > cafes.gpx
printf '<?k ?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>p</name><Point><coordinates>5.1,52.1</coordinates></Point></Placemark></kml>\n' > park.kml
printf 'hunt: PI\ntasks:\n  - { id: a, title: A, places: cafes.gpx }\n  - { id: b, title: B, places: park.kml }\n' > hunt.yaml
for run in "validate hunt.yaml" "import cafes.gpx" "import park.kml"; do
    status=0
    timeout 30 "$HUNT" $run > /dev/null 2>&1 || status=$?
    if [ $status -ne 0 ]; then echo "hunt $run: status $status"; exit 1; fi
done
