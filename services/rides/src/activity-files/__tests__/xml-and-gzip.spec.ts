import { describe, expect, it } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { gunzipBounded } from '../parse-activity-file.js';
import { parseActivityFile } from '../index.js';
import { scanXml, XmlSyntaxError, type XmlElement } from '../xml-scanner.js';

const scan = (xml: string) => {
  const closed: { element: XmlElement; text: string }[] = [];
  scanXml(xml, { close: (element, text) => closed.push({ element, text }) });
  return closed;
};

const GPX_POINT = (extensions: string) => `<?xml version="1.0"?>
<gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:tp="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
 <trk><trkseg>
  <trkpt lat="45.0" lon="6.0"><ele>100</ele><time>2024-05-04T07:30:00Z</time><extensions>${extensions}</extensions></trkpt>
  <trkpt lat="45.0001" lon="6.0"><ele>101</ele><time>2024-05-04T07:30:01Z</time><extensions>${extensions}</extensions></trkpt>
 </trkseg></trk>
</gpx>`;

describe('scanXml', () => {
  it('resolves namespaces by URI, whatever the prefix, including a default namespace set on a child', () => {
    const closed = scan('<a xmlns="urn:a" xmlns:p="urn:p"><p:b x="1">t</p:b><c xmlns="urn:c"><d/></c></a>');
    expect(closed.map(({ element }) => [element.local, element.uri])).toEqual([
      ['b', 'urn:p'],
      ['d', 'urn:c'],
      ['c', 'urn:c'],
      ['a', 'urn:a'],
    ]);
    expect(closed[0]).toMatchObject({ element: { attrs: { x: '1' } }, text: 't' });
  });

  it('reads a > inside a quoted attribute as part of the value', () => {
    expect(scan(`<a n="1 > 0" m='x>y'/>`)[0]!.element.attrs).toEqual({ n: '1 > 0', m: 'x>y' });
  });

  it('decodes predefined entities and CDATA, and never expands a DTD entity', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<name>&lol2; &amp; &#65;&#x42; <![CDATA[<raw>]]></name>`;
    expect(scan(bomb)[0]!.text).toBe('&lol2; & AB <raw>');
  });

  it('refuses mismatched, unclosed and rootless documents', () => {
    expect(() => scan('<a><b></a>')).toThrow(XmlSyntaxError);
    expect(() => scan('<a><b>')).toThrow(XmlSyntaxError);
    expect(() => scan('just text')).toThrow(XmlSyntaxError);
    expect(() => scan('<a/><b/>')).toThrow(XmlSyntaxError);
  });
});

describe('GPX extensions', () => {
  const NOW = new Date('2026-11-27T00:00:00Z');
  const parse = (xml: string) => parseActivityFile('r.gpx', Buffer.from(xml), NOW);

  it('reads heart rate and cadence from TrackPointExtension v2 under any prefix, and Garmin PowerInWatts', () => {
    const ride = parse(
      GPX_POINT(
        '<tp:TrackPointExtension><tp:hr>150</tp:hr><tp:cad>90</tp:cad></tp:TrackPointExtension><pw:PowerInWatts xmlns:pw="http://www.garmin.com/xmlschemas/PowerExtension/v1">250</pw:PowerInWatts>',
      ),
    );
    expect(ride).toMatchObject({ averageHeartrate: 150, averageCadence: 90, averageWatts: 250, records: 2 });
  });

  it('ignores an hr element outside the heart-rate namespaces', () => {
    const ride = parse(GPX_POINT('<x:hr xmlns:x="urn:other">150</x:hr>'));
    expect(ride.averageHeartrate).toBeNull();
  });

  it('refuses a GPX typed as a run, by word or by Strava code', () => {
    const typed = (type: string) => GPX_POINT('').replace('<trk>', `<trk><type>${type}</type>`);
    expect(() => parse(typed('running'))).toThrow('This file is a run, not a ride');
    expect(() => parse(typed('9'))).toThrow('This file is a run, not a ride');
    expect(parse(typed('1')).sport).toBe('cycling');
    expect(parse(typed('VirtualRide'))).toMatchObject({ sport: 'cycling', subSport: 'virtual_activity' });
    expect(parse(typed('MountainBikeRide')).sport).toBe('cycling');
  });

  it('names the ride after its track, not a waypoint', () => {
    const xml = GPX_POINT('').replace(
      '<trk>',
      '<wpt lat="1" lon="2"><name>Café</name><type>running</type></wpt><trk><name>Col du Galibier</name>',
    );
    expect(parse(xml)).toMatchObject({ name: 'Col du Galibier', sport: 'cycling' });
  });

  it('refuses a GPX without timed points as having no data', () => {
    expect(() =>
      parse(
        '<gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>',
      ),
    ).toThrow(expect.objectContaining({ code: 'no-data' }));
  });
});

describe('gunzipBounded', () => {
  it('inflates within the bound and refuses a stream that expands beyond it', () => {
    const zeros = gzipSync(Buffer.alloc(1024 * 1024));
    expect(gunzipBounded(zeros, 2 * 1024 * 1024)).toHaveLength(1024 * 1024);
    expect(() => gunzipBounded(zeros, 64 * 1024)).toThrow(expect.objectContaining({ code: 'too-large' }));
  });
});
