#![allow(dead_code)]

pub mod brute;
pub mod fixtures;
pub mod json;
pub mod naive;
pub mod signal;
pub mod tables;
