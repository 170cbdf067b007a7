#![no_std]
#![no_main]
use uefi::prelude::*;
#[entry]
fn main() -> Status { Status::SUCCESS }
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! { loop {} }
