/**
 * The spec of the stations calls: their declarations (stations.calls.ts) joined to their schemas
 * (stations.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  stationBumpAnswer,
  stationBumpBody,
  stationCreateBody,
  stationIdBody,
  stationRouteBody,
  stationsAnswer,
  stationTicketsAnswer,
  stationTicketsQuery,
  stationUpdateBody,
  STATIONS_MAX,
} from './stations';
import { stationsApi } from './stations.calls';

const bumpWords =
  "The order's lines at this station (`line_ids`, or all of them), locked with the order: idempotent (a line bumped already stays as it was; two screens at once give one bump). The first bump of a paid order moves it to preparing; when every line at every station is bumped the order becomes ready through the lifecycle, once, and the customer is told. A cancelled or finished order: 409 INVALID_TRANSITION; another order's line or another station's: 404 NOT_FOUND.";

export const stationsSpec = /* @__PURE__ */ describe('Merchant console', stationsApi, {
  list: {
    summary: 'The stations and their routes',
    description:
      'Any staff member (a screen picks its station from it). Each station with the categories and products routed to it, and where unrouted items go.',
    inContract: false,
    data: stationsAnswer,
    answer: 'The stations.',
    message: 'The stations.',
  },
  create: {
    summary: 'Add a station',
    description: `Owners only. A name (Bar, Kitchen) and, optionally, the minutes after which a ticket counts as late (10 by default). At most ${STATIONS_MAX}. Audited (\`station.create\`).`,
    inContract: false,
    body: stationCreateBody,
    data: stationsAnswer,
    answer: 'The stations, with the new one.',
    message: 'Station added.',
    errors: ['CONFLICT'],
  },
  update: {
    summary: 'Rename a station, its late minutes, make it the default',
    description: 'Owners only. The whole station; `is_default` true makes it where unrouted items go (and no other). Audited (`station.update`).',
    inContract: false,
    body: stationUpdateBody,
    data: stationsAnswer,
    answer: 'The stations.',
    message: 'Station saved.',
    errors: ['NOT_FOUND'],
  },
  remove: {
    summary: 'Remove a station',
    description:
      "Owners only. Its routes go with it; its tickets move to where unrouted items go now (the last station's are dropped: its orders are moved on the board). Audited (`station.delete`).",
    inContract: false,
    body: stationIdBody,
    data: stationsAnswer,
    answer: 'The stations left.',
    message: 'Station removed.',
    errors: ['NOT_FOUND'],
  },
  route: {
    summary: 'Route a category or a product to a station',
    description:
      'Owners only. `station_id` null clears the route (a product then follows its category; a category the default station). Orders paid from now on are routed this way; tickets already routed stay where they are. Audited (`station.route`).',
    inContract: false,
    body: stationRouteBody,
    data: stationsAnswer,
    answer: 'The stations and their routes.',
    message: 'Route saved.',
    errors: ['NOT_FOUND'],
  },
  tickets: {
    summary: "A station's open tickets",
    description:
      "Any staff member (of the orders' locations). Paid and preparing orders with lines routed here, oldest first, each with its lines for this station only (bumped ones too, until the whole ticket is). Lines of orders paid since the last look are routed first (a product's route, else its category's, else the default station). Read at every call: a screen asks every 3 s.",
    inContract: false,
    query: stationTicketsQuery,
    data: stationTicketsAnswer,
    answer: 'The tickets.',
    message: 'The tickets.',
    errors: ['NOT_FOUND'],
  },
  bump: {
    summary: 'Bump lines of a ticket (made)',
    description: bumpWords,
    inContract: false,
    body: stationBumpBody,
    data: stationBumpAnswer,
    answer: 'The ticket as it is now.',
    message: 'Bumped.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'LOCATION_FORBIDDEN'],
  },
  unbump: {
    summary: 'Un-bump lines of a ticket (a mistake)',
    description:
      'As bump, backwards: the lines are to make again. An order already ready stays ready (the board moves it back by hand if need be); a cancelled or finished one: 409 INVALID_TRANSITION.',
    inContract: false,
    body: stationBumpBody,
    data: stationBumpAnswer,
    answer: 'The ticket as it is now.',
    message: 'Un-bumped.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'LOCATION_FORBIDDEN'],
  },
});
