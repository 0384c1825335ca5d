/**
 * Before each test file: the pages' centre is the shipped profile, as every page's data block carries it on a fresh
 * database (ADR 090). Modules are shared between files (`isolate: false`): without this, a file that formats a
 * page's words would see the centre only when an earlier file in its worker happened to start a server.
 */
import { DEFAULT_CENTRE_PROFILE } from '../../src/shared/centre';
import { publicCentreOf } from '../../src/shared/centre-profile';
import { setPageCentre } from '../../src/shared/page-centre';

setPageCentre(publicCentreOf(DEFAULT_CENTRE_PROFILE));
