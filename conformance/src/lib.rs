//! Conformance of other engines to the rules: the jobs that drive a GTP
//! engine (through `tromp-taylor-gtp`'s client and adapter) and judge it.
//!
//! [`audit`] checks one engine against the rules on generated or replayed
//! games (`tromp-taylor audit`): the games are played through the harness's
//! driver and minimiser, and what is the auditor's own is how a divergence
//! is read in GTP's words, how a scoring convention is told from a rules
//! bug, and the reports and summary it writes. [`vectors_run`] plays the
//! conformance vectors on an engine through the harness's case runner
//! (`tromp-taylor vectors run`). [`matrix`] runs both over every engine of
//! a folder of manifests (`tromp-taylor matrix`): the causes a finding is
//! grouped under, the table of docs/conformance.md, the static site and the
//! upstream reports, one per cause.

pub mod audit;
pub mod matrix;
pub mod vectors_run;
