//! A C ABI over the `dramsim3` crate for cryptoppa (loaded with ctypes by cryptoppa.memsys.dramsim3).
//!
//! One call replays a whole request stream: request i reaches the memory controller at cycle `arrive[i]` (DRAM
//! clock cycles, non-decreasing) and is handed to DRAMsim3 at that cycle or, when its queue is full, at the first
//! cycle it is accepted (reads enter in order, and writes in order, as from a controller's read queue and write
//! buffer: a full write buffer does not hold the reads back); the call ticks until every request has completed
//! and writes each one's completion cycle to `done[i]`. DRAMsim3 reports completions by
//! address, so requests to one address complete in the order they were issued.

use std::collections::{HashMap, VecDeque};
use std::ffi::{c_char, CStr};
use std::path::Path;

use dramsim3::MemorySystem;

pub struct Sim {
    sys: MemorySystem,
}

/// A simulator of the configuration file at `config`, writing its statistics under `dir`; null on failure.
#[no_mangle]
pub unsafe extern "C" fn cpd_new(config: *const c_char, dir: *const c_char) -> *mut Sim {
    if config.is_null() || dir.is_null() {
        return std::ptr::null_mut();
    }
    let config = match CStr::from_ptr(config).to_str() { Ok(s) => s, Err(_) => return std::ptr::null_mut() };
    let dir = match CStr::from_ptr(dir).to_str() { Ok(s) => s, Err(_) => return std::ptr::null_mut() };
    if !Path::new(config).is_file() {
        return std::ptr::null_mut();
    }
    match MemorySystem::new(config, dir) {
        Ok(sys) => Box::into_raw(Box::new(Sim { sys })),
        Err(_) => std::ptr::null_mut(),
    }
}

#[no_mangle]
pub unsafe extern "C" fn cpd_free(sim: *mut Sim) {
    if !sim.is_null() {
        drop(Box::from_raw(sim));
    }
}

/// The DRAM clock period in ns.
#[no_mangle]
pub unsafe extern "C" fn cpd_tck(sim: *const Sim) -> f64 {
    (*sim).sys.tck()
}

/// Bytes one request moves: bus width x burst length.
#[no_mangle]
pub unsafe extern "C" fn cpd_request_bytes(sim: *const Sim) -> u64 {
    ((*sim).sys.bus_bits() * (*sim).sys.burst_length() / 8) as u64
}

/// Replays `n` requests (see the module's comment); returns the cycle the last one completed, or u64::MAX when a
/// request was never accepted within `limit` cycles of its arrival.
#[no_mangle]
pub unsafe extern "C" fn cpd_replay(sim: *mut Sim, n: u64, addr: *const u64, write: *const u8, arrive: *const u64,
                                    done: *mut u64, limit: u64) -> u64 {
    let sim = &mut *sim;
    let n = n as usize;
    let addr = std::slice::from_raw_parts(addr, n);
    let write = std::slice::from_raw_parts(write, n);
    let arrive = std::slice::from_raw_parts(arrive, n);
    let done = std::slice::from_raw_parts_mut(done, n);
    let mut pending: HashMap<(u64, bool), VecDeque<usize>> = HashMap::new();
    let reads: Vec<usize> = (0..n).filter(|&i| write[i] == 0).collect();
    let writes: Vec<usize> = (0..n).filter(|&i| write[i] != 0).collect();
    let mut next = [0usize, 0usize];
    let mut left = n;
    let mut cycle: u64 = 0;
    let mut finished: Vec<(u64, bool)> = Vec::new();
    while left > 0 {
        for (k, queue) in [&reads, &writes].iter().enumerate() {
            let w = k == 1;
            while next[k] < queue.len() && arrive[queue[next[k]]] <= cycle {
                let i = queue[next[k]];
                if !sim.sys.can_add(addr[i], w) {
                    if cycle - arrive[i] > limit {
                        return u64::MAX;
                    }
                    break;
                }
                sim.sys.add(addr[i], w);
                pending.entry((addr[i], w)).or_default().push_back(i);
                next[k] += 1;
            }
        }
        finished.clear();
        sim.sys.tick(|a, w| finished.push((a, w)));
        cycle += 1;
        for key in finished.iter() {
            if let Some(queue) = pending.get_mut(key) {
                if let Some(i) = queue.pop_front() {
                    done[i] = cycle;
                    left -= 1;
                }
            }
        }
    }
    cycle
}
