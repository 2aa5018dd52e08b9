/**
 * WSF Schedule (Washington State Ferries, `WSF_x0020_Schedule`): every operation of
 * test/fixtures/wsdl/wsf-schedule/WSF_x0020_Schedule.yaml. The `APIAccessHeader` SOAP header goes with every
 * operation but GetCacheFlushDate. Shapes: record parameters (optional), list results, record results, containers
 * several levels deep (`SchedResponse.TerminalCombos` -> `SchedTerminalCombo.Times` -> `SchedTime.Routes`), lists of
 * ints (items not nillable) and of strings (nillable items), nillable dateTime, int and enum fields (`minOccurs="1"
 * nillable="true"`), a nullable dateTime result, dateTime values as .NET writes them (no offset, offsets, seven
 * fraction digits). (The HTTP POST binding of six operations is not served by node-soap.)
 */
import { INT_MAX, INT_MIN, MARKUP, NIL_ITEM, UNICODE, type ServiceCase } from './real-service-case.js';

const ACCESS_CODE = 'wsdot-<key>&"1"';
const withAccess = { APIAccessHeader: { APIAccessCode: ACCESS_CODE } };

// dateTime texts as the service writes them, and the instants the client must decode them to (no offset is UTC).
const W_START = '2024-03-17T00:00:00';
const D_START = new Date('2024-03-17T00:00:00Z');
const W_END = '2024-06-15T23:59:59.9999999';
const D_END = new Date('2024-06-15T23:59:59.999Z');
const W_SAIL = '2024-05-01T08:30:00-07:00';
const D_SAIL = new Date('2024-05-01T15:30:00Z');
const W_ARRIVE = '2024-05-01T09:05:00.5-07:00';
const D_ARRIVE = new Date('2024-05-01T16:05:00.500Z');
const W_PUBLISHED = '2024-04-30T17:45:12Z';
const D_PUBLISHED = new Date('2024-04-30T17:45:12Z');

const schedBrief = {
  ScheduleID: 163,
  ScheduleName: 'Spring 2024',
  ScheduleSeason: 'Spring',
  SchedulePDFUrl: 'https://www.wsdot.wa.gov/ferries/pdf/2024Spring.pdf?a=1&b=2',
  ScheduleStart: W_START,
  ScheduleEnd: W_END,
};
const schedBriefTyped = { ...schedBrief, ScheduleStart: D_START, ScheduleEnd: D_END };

const alert = {
  BulletinID: 40123,
  BulletinFlag: true,
  BulletinText: MARKUP,
  CommunicationFlag: false,
  CommunicationText: '',
  RouteAlertFlag: true,
  RouteAlertText: UNICODE,
  HomepageAlertText: 'Delays on Seattle / Bainbridge',
  PublishDate: W_PUBLISHED,
  DisruptionDescription: 'Vessel in maintenance',
  AllRoutesFlag: false,
  SortSeq: INT_MAX,
  AlertTypeID: 0,
  AlertType: 'Bulletin',
  AlertFullTitle: 'Seattle / Bainbridge: one-boat service',
  AffectedRouteIDs: { int: [5, 9, INT_MIN] },
};
const alertTyped = { ...alert, PublishDate: D_PUBLISHED, AffectedRouteIDs: [5, 9, INT_MIN] };
// Required fields only, a nil PublishDate and an empty list of routes.
const alertBare = {
  BulletinID: 1,
  BulletinFlag: false,
  CommunicationFlag: true,
  RouteAlertFlag: false,
  PublishDate: null,
  AllRoutesFlag: true,
  SortSeq: -1,
  AlertTypeID: INT_MIN,
  AffectedRouteIDs: { int: [] },
};
const alertBareTyped = { ...alertBare, AffectedRouteIDs: [] };

const routeAlert = {
  BulletinID: 7,
  BulletinFlag: true,
  CommunicationFlag: false,
  PublishDate: null,
  AlertDescription: MARKUP,
  DisruptionDescription: '',
  AlertFullTitle: UNICODE,
  AlertFullText: 'Line 1\nLine 2',
};
const route = {
  RouteID: 5,
  RouteAbbrev: 'sea-bi',
  Description: 'Seattle / Bainbridge Island',
  RegionID: 4,
  VesselWatchID: 3,
  ReservationFlag: false,
  InternationalFlag: false,
  PassengerOnlyFlag: false,
  CrossingTime: '35',
  AdaNotes: '',
  GeneralRouteNotes: MARKUP,
  SeasonalRouteNotes: UNICODE,
  Alerts: { RouteAlert: [routeAlert, { ...routeAlert, BulletinID: 8, PublishDate: W_PUBLISHED }] },
};
const routeTyped = { ...route, Alerts: [routeAlert, { ...routeAlert, BulletinID: 8, PublishDate: D_PUBLISHED }] };
const routeInternational = {
  RouteID: 10,
  RegionID: 1,
  VesselWatchID: 0,
  ReservationFlag: true,
  InternationalFlag: true,
  PassengerOnlyFlag: true,
  Alerts: { RouteAlert: [] },
};
const routeInternationalTyped = { ...routeInternational, Alerts: [] };

const briefAlert = { BulletinID: 11, BulletinFlag: true, PublishDate: W_PUBLISHED, DisruptionDescription: MARKUP };
const briefAlertTyped = { ...briefAlert, PublishDate: D_PUBLISHED };
const routeBrief = {
  RouteID: 9,
  RouteAbbrev: 'ana-sj',
  Description: 'Anacortes / San Juan Islands',
  RegionID: 1,
  ServiceDisruptions: { RouteBriefAlert: [briefAlert, { BulletinID: 12, BulletinFlag: false, PublishDate: null }] },
};
const routeBriefTyped = {
  ...routeBrief,
  ServiceDisruptions: [briefAlertTyped, { BulletinID: 12, BulletinFlag: false, PublishDate: null }],
};

const adjustment = {
  DateFrom: W_START,
  DateThru: W_END,
  EventID: null,
  EventDescription: 'Dry dock',
  AdjType: 'Cancellation',
  ReplacedBySchedRouteID: 2147,
};
const adjustmentTyped = { ...adjustment, DateFrom: D_START, DateThru: D_END };
const schedRouteBrief = {
  ScheduleID: 163,
  SchedRouteID: 2146,
  ContingencyOnly: true,
  RouteID: 9,
  RouteAbbrev: 'ana-sj',
  Description: 'Anacortes / San Juan Islands',
  SeasonalRouteNotes: '',
  RegionID: 1,
  ServiceDisruptions: { RouteBriefAlert: [briefAlert] },
  ContingencyAdj: {
    SchedRouteAdj: [adjustment, { ...adjustment, EventID: INT_MAX, AdjType: 'Addition', ReplacedBySchedRouteID: null }],
  },
};
const schedRouteBriefTyped = {
  ...schedRouteBrief,
  ServiceDisruptions: [briefAlertTyped],
  ContingencyAdj: [
    adjustmentTyped,
    { ...adjustmentTyped, EventID: INT_MAX, AdjType: 'Addition', ReplacedBySchedRouteID: null },
  ],
};

const terminal = { TerminalID: 3, Description: 'Bainbridge Island' };
const terminalCombo = {
  DepartingTerminalID: 1,
  DepartingDescription: 'Anacortes',
  ArrivingTerminalID: 10,
  ArrivingDescription: UNICODE,
};

const annotation = {
  AnnotationID: 981,
  AnnotationText: MARKUP,
  AnnotationIVRText: 'Vehicle reservations recommended',
  AdjustedCrossingTime: null,
  AnnotationImg: 'https://www.wsdot.wa.gov/ferries/img/r.gif',
  TypeDescription: 'Reservations',
  SortSeq: 0,
};
const dateRange = { DateFrom: W_START, DateThru: W_END, EventID: 4, EventDescription: UNICODE };
const dateRangeTyped = { ...dateRange, DateFrom: D_START, DateThru: D_END };
const timeAdj = {
  ScheduleID: 163,
  SchedRouteID: 2146,
  RouteID: 9,
  RouteDescription: 'Anacortes / San Juan Islands',
  RouteSortSeq: 20,
  SailingID: 7001,
  SailingDescription: 'Leave Anacortes',
  ActiveSailingDateRange: dateRange,
  SailingDir: 'Westbound',
  JourneyID: 88,
  VesselID: 2,
  VesselName: 'Chelan',
  VesselHandicapAccessible: true,
  VesselPositionNum: 1,
  JourneyTerminalID: 1,
  TerminalID: 1,
  TerminalDescription: 'Anacortes',
  TerminalBriefDescription: 'Anacortes',
  TimeToAdj: W_SAIL,
  AdjDateFrom: W_START,
  AdjDateThru: W_END,
  TidalAdj: false,
  EventID: null,
  EventDescription: '',
  DepArrIndicator: 'Departure',
  AdjType: 'Addition',
  Annotations: { SchedAnnotation: [annotation, { ...annotation, AnnotationID: 982, AdjustedCrossingTime: 45 }] },
};
const timeAdjTyped = {
  ...timeAdj,
  ActiveSailingDateRange: dateRangeTyped,
  TimeToAdj: D_SAIL,
  AdjDateFrom: D_START,
  AdjDateThru: D_END,
  Annotations: [annotation, { ...annotation, AnnotationID: 982, AdjustedCrossingTime: 45 }],
};

const timeTerminal = {
  JourneyTerminalID: 1,
  TerminalID: 1,
  TerminalDescription: 'Anacortes',
  TerminalBriefDescription: 'Anacortes',
  Time: W_SAIL,
  DepArrIndicator: 'Departure',
  IsNA: false,
  Annotations: { SchedAnnotation: [annotation] },
};
const timeTerminalTyped = { ...timeTerminal, Time: D_SAIL, Annotations: [annotation] };
// A terminal the journey passes without a time: Time and DepArrIndicator nil.
const timeTerminalNA = { JourneyTerminalID: 2, TerminalID: 15, Time: null, DepArrIndicator: null, IsNA: true };
const journey = {
  JourneyID: 88,
  ReservationInd: true,
  InternationalInd: false,
  InterislandInd: true,
  VesselID: 2,
  VesselName: 'Chelan',
  VesselHandicapAccessible: true,
  VesselPositionNum: 1,
  TerminalTimes: { SchedTimeTerminal: [timeTerminal, timeTerminalNA] },
};
const journeyTyped = { ...journey, TerminalTimes: [timeTerminalTyped, timeTerminalNA] };
const sailing = {
  ScheduleID: 163,
  SchedRouteID: 2146,
  RouteID: 9,
  SailingID: 7001,
  SailingDescription: 'Leave Anacortes',
  SailingNotes: MARKUP,
  DisplayColNum: 0,
  SailingDir: 'Eastbound',
  DayOpDescription: 'Daily',
  DayOpUseForHoliday: false,
  ActiveDateRanges: { SchedSailingDateRange: [dateRange] },
  Journs: { SchedJourn: [journey] },
};
const sailingTyped = { ...sailing, ActiveDateRanges: [dateRangeTyped], Journs: [journeyTyped] };

const schedTime = {
  DepartingTime: W_SAIL,
  ArrivingTime: W_ARRIVE,
  LoadingRule: 'Both',
  VesselID: 2,
  VesselName: 'Chelan',
  VesselHandicapAccessible: true,
  VesselPositionNum: 1,
  Routes: { int: [9, INT_MAX] },
  AnnotationIndexes: { int: [0] },
};
const schedTimeTyped = {
  ...schedTime,
  DepartingTime: D_SAIL,
  ArrivingTime: D_ARRIVE,
  Routes: [9, INT_MAX],
  AnnotationIndexes: [0],
};
const schedTimeBare = {
  DepartingTime: W_START,
  ArrivingTime: null,
  LoadingRule: 'Passenger',
  VesselID: 0,
  VesselHandicapAccessible: false,
  VesselPositionNum: 2,
  Routes: { int: [] },
};
const schedTimeBareTyped = { ...schedTimeBare, DepartingTime: D_START, Routes: [] };
const terminalComboTimes = {
  DepartingTerminalID: 1,
  DepartingTerminalName: 'Anacortes',
  ArrivingTerminalID: 10,
  ArrivingTerminalName: 'Friday Harbor',
  SailingNotes: '',
  Annotations: { string: [MARKUP, NIL_ITEM(), '', UNICODE] },
  Times: { SchedTime: [schedTime, schedTimeBare] },
};
const terminalComboTimesTyped = {
  ...terminalComboTimes,
  Annotations: [MARKUP, null, '', UNICODE],
  Times: [schedTimeTyped, schedTimeBareTyped],
};
const sched = {
  ScheduleID: 163,
  ScheduleName: 'Spring 2024',
  ScheduleSeason: 'Spring',
  SchedulePDFUrl: '',
  ScheduleStart: W_START,
  ScheduleEnd: W_END,
  AllRoutes: { int: [9] },
  TerminalCombos: { SchedTerminalCombo: [terminalComboTimes] },
};
const schedTyped = {
  ...sched,
  ScheduleStart: D_START,
  ScheduleEnd: D_END,
  AllRoutes: [9],
  TerminalCombos: [terminalComboTimesTyped],
};
// Required fields only; a season value the spec does not list (decoded enums are open).
const schedBare = { ScheduleID: 0, ScheduleSeason: 'Autumn', ScheduleStart: W_START, ScheduleEnd: W_END };
const schedBareTyped = { ...schedBare, ScheduleStart: D_START, ScheduleEnd: D_END };

const TRIP_DATE = new Date('2024-05-01T00:00:00Z');
const TRIP_DATE_SENT = '2024-05-01T00:00:00.000Z';

export const wsfSchedule: ServiceCase = {
  name: 'wsf-schedule',
  spec: 'wsf-schedule/WSF_x0020_Schedule.yaml',
  wsdl: 'wsf-schedule/WSF_x0020_Schedule.wsdl',
  path: '/ferries/schedule/Default.asmx',
  service: 'WSF_x0020_Schedule',
  port: 'WSF_x0020_ScheduleSoap',
  clientClass: 'WSF_x0020_ScheduleClient',
  clients: { default: { apiAccess: { APIAccessCode: ACCESS_CODE } } },
  rows: [
    {
      op: 'GetActiveScheduledSeasons',
      args: {},
      received: null,
      headers: withAccess,
      returns: { GetActiveScheduledSeasonsResult: { SchedBriefResponse: [schedBrief, NIL_ITEM()] } },
      expected: [schedBriefTyped, null],
    },
    {
      op: 'GetAllAlerts',
      args: {},
      received: null,
      headers: withAccess,
      returns: { GetAllAlertsResult: { AlertResponse: [alert, alertBare] } },
      expected: [alertTyped, alertBareTyped],
    },
    {
      op: 'GetAllRouteDetails',
      args: { request: { TripDate: TRIP_DATE } },
      received: { request: { TripDate: TRIP_DATE_SENT } },
      headers: withAccess,
      returns: { GetAllRouteDetailsResult: { RouteResponse: [route, routeInternational] } },
      expected: [routeTyped, routeInternationalTyped],
    },
    {
      op: 'GetAllRoutes',
      args: { request: { TripDate: '2024-05-01' } },
      received: { request: { TripDate: TRIP_DATE_SENT } },
      headers: withAccess,
      returns: { GetAllRoutesResult: { RouteBriefResponse: [routeBrief] } },
      expected: [routeBriefTyped],
    },
    {
      op: 'GetAllRoutes',
      variant: 'the optional request left out, the result left out: null',
      args: {},
      received: null,
      headers: withAccess,
      returns: {},
      expected: null,
    },
    {
      op: 'GetAllRoutesHavingServiceDisruptions',
      args: { request: { TripDate: new Date('2024-12-31T23:59:59.999Z') } },
      received: { request: { TripDate: '2024-12-31T23:59:59.999Z' } },
      headers: withAccess,
      returns: {
        GetAllRoutesHavingServiceDisruptionsResult: {
          RouteBriefResponse: [{ ...routeBrief, ServiceDisruptions: { RouteBriefAlert: [] } }],
        },
      },
      expected: [{ ...routeBriefTyped, ServiceDisruptions: [] }],
    },
    {
      op: 'GetAllSchedRoutes',
      args: {},
      received: null,
      headers: withAccess,
      returns: { GetAllSchedRoutesResult: { SchedRouteBriefResponse: [schedRouteBrief] } },
      expected: [schedRouteBriefTyped],
    },
    {
      op: 'GetAllTerminals',
      args: { request: { TripDate: TRIP_DATE } },
      received: { request: { TripDate: TRIP_DATE_SENT } },
      headers: withAccess,
      returns: {
        GetAllTerminalsResult: { TerminalResponse: [terminal, { TerminalID: INT_MAX, Description: MARKUP }] },
      },
      expected: [terminal, { TerminalID: INT_MAX, Description: MARKUP }],
    },
    {
      op: 'GetAllTerminalsAndMates',
      args: { request: { TripDate: TRIP_DATE } },
      received: { request: { TripDate: TRIP_DATE_SENT } },
      headers: withAccess,
      returns: { GetAllTerminalsAndMatesResult: { TerminalComboResponse: [terminalCombo, NIL_ITEM()] } },
      expected: [terminalCombo, null],
    },
    {
      op: 'GetAllTimeAdj',
      args: {},
      received: null,
      headers: withAccess,
      returns: { GetAllTimeAdjResult: { SchedTimeAdjResponse: [timeAdj] } },
      expected: [timeAdjTyped],
    },
    {
      op: 'GetCacheFlushDate',
      args: {},
      received: null,
      returns: { GetCacheFlushDateResult: '2024-05-01T03:00:00.5-07:00' },
      expected: new Date('2024-05-01T10:00:00.500Z'),
    },
    {
      op: 'GetCacheFlushDate',
      variant: 'nil: null',
      args: {},
      received: null,
      returns: { GetCacheFlushDateResult: null },
      expected: null,
    },
    {
      op: 'GetRouteDetail',
      args: { request: { TripDate: TRIP_DATE, RouteID: 5 } },
      received: { request: { TripDate: TRIP_DATE_SENT, RouteID: 5 } },
      headers: withAccess,
      returns: { GetRouteDetailResult: route },
      expected: routeTyped,
    },
    {
      op: 'GetRouteDetail',
      variant: 'the whole response nil: null',
      args: { request: { TripDate: TRIP_DATE, RouteID: INT_MIN } },
      received: { request: { TripDate: TRIP_DATE_SENT, RouteID: INT_MIN } },
      headers: withAccess,
      returns: null,
      expected: null,
    },
    {
      op: 'GetRouteDetailsByTerminalCombo',
      args: { request: { TripDate: TRIP_DATE, DepartingTerminalID: 1, ArrivingTerminalID: 10 } },
      received: { request: { TripDate: TRIP_DATE_SENT, DepartingTerminalID: 1, ArrivingTerminalID: 10 } },
      headers: withAccess,
      returns: { GetRouteDetailsByTerminalComboResult: { RouteResponse: [routeInternational, route] } },
      expected: [routeInternationalTyped, routeTyped],
    },
    {
      op: 'GetRoutesByTerminalCombo',
      args: { request: { TripDate: TRIP_DATE, DepartingTerminalID: INT_MAX, ArrivingTerminalID: INT_MIN } },
      received: { request: { TripDate: TRIP_DATE_SENT, DepartingTerminalID: INT_MAX, ArrivingTerminalID: INT_MIN } },
      headers: withAccess,
      returns: { GetRoutesByTerminalComboResult: { RouteBriefResponse: [] } },
      expected: [],
    },
    {
      op: 'GetSchedRoutesByScheduledSeason',
      args: { request: { ScheduleID: 163 } },
      received: { request: { ScheduleID: 163 } },
      headers: withAccess,
      returns: {
        GetSchedRoutesByScheduledSeasonResult: {
          SchedRouteBriefResponse: [
            schedRouteBrief,
            { ScheduleID: 163, SchedRouteID: 1, ContingencyOnly: false, RouteID: 1, RegionID: 2 },
          ],
        },
      },
      expected: [
        schedRouteBriefTyped,
        { ScheduleID: 163, SchedRouteID: 1, ContingencyOnly: false, RouteID: 1, RegionID: 2 },
      ],
    },
    {
      op: 'GetSchedSailingsBySchedRoute',
      args: { request: { SchedRouteID: 2146 } },
      received: { request: { SchedRouteID: 2146 } },
      headers: withAccess,
      returns: { GetSchedSailingsBySchedRouteResult: { SchedSailingResponse: [sailing] } },
      expected: [sailingTyped],
    },
    {
      op: 'GetScheduleByRoute',
      args: { request: { TripDate: TRIP_DATE, RouteID: 9 } },
      received: { request: { TripDate: TRIP_DATE_SENT, RouteID: 9 } },
      headers: withAccess,
      returns: { GetScheduleByRouteResult: sched },
      expected: schedTyped,
    },
    {
      op: 'GetScheduleByTerminalCombo',
      args: { request: { TripDate: TRIP_DATE, DepartingTerminalID: 1, ArrivingTerminalID: 10 } },
      received: { request: { TripDate: TRIP_DATE_SENT, DepartingTerminalID: 1, ArrivingTerminalID: 10 } },
      headers: withAccess,
      returns: { GetScheduleByTerminalComboResult: schedBare },
      responseOutsideSchema: [
        '/GetScheduleByTerminalComboResponse/GetScheduleByTerminalComboResult/ScheduleSeason = "Autumn" is not a Season value',
      ],
      expected: schedBareTyped,
    },
    {
      op: 'GetTerminalMates',
      args: { request: { TripDate: TRIP_DATE, TerminalID: 3 } },
      received: { request: { TripDate: TRIP_DATE_SENT, TerminalID: 3 } },
      headers: withAccess,
      returns: { GetTerminalMatesResult: { TerminalResponse: [{ TerminalID: 7, Description: 'Seattle' }] } },
      expected: [{ TerminalID: 7, Description: 'Seattle' }],
    },
    {
      op: 'GetTimeAdjByRoute',
      args: { request: { RouteID: 9 } },
      received: { request: { RouteID: 9 } },
      headers: withAccess,
      returns: { GetTimeAdjByRouteResult: { SchedTimeAdjResponse: [timeAdj, NIL_ITEM()] } },
      expected: [timeAdjTyped, null],
    },
    {
      op: 'GetTimeAdjBySchedRoute',
      args: { request: { SchedRouteID: 0 } },
      received: { request: { SchedRouteID: 0 } },
      headers: withAccess,
      returns: { GetTimeAdjBySchedRouteResult: { SchedTimeAdjResponse: [] } },
      expected: [],
    },
    {
      op: 'GetTodaysScheduleByRoute',
      args: { request: { RouteID: 9, OnlyRemainingTimes: true } },
      received: { request: { RouteID: 9, OnlyRemainingTimes: true } },
      headers: withAccess,
      returns: { GetTodaysScheduleByRouteResult: sched },
      expected: schedTyped,
    },
    {
      op: 'GetTodaysScheduleByTerminalCombo',
      variant: 'the result left out: null',
      args: { request: { DepartingTerminalID: 1, ArrivingTerminalID: 10, OnlyRemainingTimes: false } },
      received: { request: { DepartingTerminalID: 1, ArrivingTerminalID: 10, OnlyRemainingTimes: false } },
      headers: withAccess,
      returns: {},
      expected: null,
    },
    {
      op: 'GetValidDateRange',
      args: {},
      received: null,
      headers: withAccess,
      returns: { GetValidDateRangeResult: { DateFrom: W_START, DateThru: W_END } },
      expected: { DateFrom: D_START, DateThru: D_END },
    },
  ],
};
