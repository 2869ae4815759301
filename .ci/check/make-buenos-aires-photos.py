#!/usr/bin/env python3
"""Makes the photos of Examples/buenos-aires/submissions: the photo hunt's tiny JPEG with EXIF
written here (exif_photo.photo_at) at places and times around the Obelisco and the Plaza de Mayo,
on the hunt's day in Buenos Aires time (-03:00). One of them is taken the day before, for the
reason a player reads in Spanish with a Spanish date; one far from its target.

usage (from the project root): python3 .ci/check/make-buenos-aires-photos.py   (re-running rewrites the same bytes)"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exif_photo import photo_at

source = "Examples/photo-scavenger-hunt/submissions/foxes/library/IMG_0002.jpg"
out = "Examples/buenos-aires/submissions"
day = "2026:12:05"
photos = [
    # team/task/file, lat, lon, hour, minute, day
    ("zorros/obelisco/IMG_0001.jpg", -34.60375, -58.38160, 10, 20, day),
    ("zorros/colon/IMG_0002.jpg", -34.60108, -58.38318, 10, 45, day),
    ("zorros/cabildo/IMG_0003.jpg", -34.60869, -58.37390, 11, 30, day),
    ("zorros/plaza-de-mayo/IMG_0004.jpg", -34.60840, -58.37215, 11, 50, day),
    ("teros/obelisco/IMG_0101.jpg", -34.60370, -58.38150, 10, 35, day),
    # The day before the hunt: before-window.
    ("teros/cabildo/IMG_0102.jpg", -34.60872, -58.37385, 11, 7, "2026:12:04"),
    # 400 m from the Café Tortoni: outside-target.
    ("teros/tortoni/IMG_0103.jpg", -34.60870, -58.38300, 12, 15, day),
]
for path, lat, lon, hour, minute, when in photos:
    photo_at(source, os.path.join(out, path), lat, lon, minute, accuracy=5, day=when, offset="-03:00", hour=hour)
print(f"{len(photos)} photos in {out}")
