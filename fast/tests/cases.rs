//! The case suite of `testdata/cases/` played on `fast`, through the
//! harness's adapter: every failure is listed together.

use tromp_taylor_harness::cases::check_suite;
use tromp_taylor_harness::engine::EngineKind;

#[test]
fn fast_passes_every_case() {
    check_suite(&EngineKind::fast()).unwrap_or_else(|failures| panic!("{failures}"));
}
