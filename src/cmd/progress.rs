//! Progress bars on standard error (indicatif), for the long jobs.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use tromp_taylor_harness::progress::{Meter, Progress};

/// A bar per job when standard error is a terminal and `show` holds;
/// otherwise nothing. Either way the jobs hear the process's Ctrl-C and
/// SIGTERM ([`super::signals::stop`]).
pub fn bars(show: bool) -> Progress {
    let stop = super::signals::stop();
    if !show || !std::io::stderr().is_terminal() {
        return Progress::hidden().with_stop(stop);
    }
    let progress = Progress::new(|total, unit| {
        let bar = ProgressBar::new(total);
        let template = format!(
            "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit} (eta {{eta}}) {{msg}}"
        );
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Box::new(Bar(bar))
    });
    progress.with_stop(stop)
}

struct Bar(ProgressBar);

impl Meter for Bar {
    fn inc(&self, by: u64) {
        self.0.inc(by);
    }

    fn message(&self, text: &str) {
        self.0.set_message(text.to_string());
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}
