//! The arguments a course page's script hands to `embed.js` (`mount`'s scenario and options, a
//! handle's `load`, the element's `hide`), checked before anything changes: what is allowed
//! goes back in one shape, anything else is a `TypeError` worded in the core
//! (`core::words::not_a_scenario`, …) that says what is allowed and what was given. Once the
//! module has stopped they refuse, as every method of the handle does.

use crate::core::words;
use js_sys::{Array, Function, Object, Reflect, TypeError, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `value`'s kind in a few words (`a number`, `an array`, `an object of kind Map`, …).
fn kind_of(value: &JsValue) -> String {
    if value.is_null() {
        return words::value_kind("null", "");
    }
    if Array::is_array(value) {
        return words::value_kind("array", "");
    }
    let type_of = value.js_typeof().as_string().unwrap_or_default();
    let tag = if type_of == "object" {
        object_tag(value)
    } else {
        String::new()
    };
    words::value_kind(&type_of, &tag)
}

/// An object's kind as `Object.prototype.toString` says it (`Map` of `[object Map]`).
fn object_tag(value: &JsValue) -> String {
    let said = Reflect::get(&Object::new(), &JsValue::from_str("toString"))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call0(value).ok())
        .and_then(|s| s.as_string())
        .unwrap_or_default();
    said.strip_prefix("[object ")
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(&said)
        .to_string()
}

/// The text of `value` when it is a string or a String object.
fn text_of(value: &JsValue) -> Option<String> {
    if let Some(text) = value.as_string() {
        return Some(text);
    }
    value
        .is_instance_of::<js_sys::JsString>()
        .then(|| String::from(value.unchecked_ref::<Object>().to_string()))
}

/// Refuses once the module has stopped (a panic), as every method of the handle does.
fn refuse_after_a_panic() -> Result<(), JsValue> {
    if crate::web::has_panicked() {
        return Err(JsValue::from_str(words::STOPPED));
    }
    Ok(())
}

/// `message` as a thrown `TypeError`.
fn type_error(message: &str) -> JsValue {
    TypeError::new(message).into()
}

/// A scenario argument checked: `null` for a blank lab (`undefined`, `null` or `''`),
/// `{ link }` for a link fragment (a string or a String object), `{ json }` for a plain object
/// (written as JSON); anything else throws a `TypeError` saying what a scenario may be.
#[wasm_bindgen]
pub fn check_scenario(value: JsValue) -> Result<JsValue, JsValue> {
    refuse_after_a_panic()?;
    if value.is_undefined() || value.is_null() {
        return Ok(JsValue::NULL);
    }
    let checked = Object::new();
    let set = |key: &str, text: String| {
        Reflect::set(&checked, &JsValue::from_str(key), &JsValue::from(text)).map(|_| ())
    };
    if let Some(link) = text_of(&value) {
        if link.is_empty() {
            return Ok(JsValue::NULL);
        }
        set("link", link)?;
        return Ok(checked.into());
    }
    let plain = value.is_object() && !Array::is_array(&value) && object_tag(&value) == "Object";
    if !plain {
        return Err(type_error(&words::not_a_scenario(&kind_of(&value))));
    }
    match JSON::stringify(&value) {
        Ok(json) => set("json", String::from(json))?,
        Err(err) => {
            let reason = Reflect::get(&err, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_default();
            return Err(type_error(&words::scenario_not_json(&reason)));
        }
    }
    Ok(checked.into())
}

/// `mount`'s options checked (`{ hide: ['trace'] }` or `{ hide: 'trace,status' }`): the names
/// of the controls to hide, trimmed, the empty ones left out. Options that are not an object,
/// an option `mount` does not know or a `hide` that is not names throw a `TypeError`.
#[wasm_bindgen]
pub fn check_mount_options(options: JsValue) -> Result<Vec<String>, JsValue> {
    refuse_after_a_panic()?;
    if options.is_undefined() || options.is_null() {
        return Ok(Vec::new());
    }
    if !options.is_object() || Array::is_array(&options) {
        return Err(type_error(&words::not_mount_options(&kind_of(&options))));
    }
    let unknown: Vec<String> = Object::keys(options.unchecked_ref::<Object>())
        .iter()
        .filter_map(|key| key.as_string())
        .filter(|key| key != "hide")
        .collect();
    if !unknown.is_empty() {
        return Err(type_error(&words::unknown_mount_options(&unknown)));
    }
    let hide = Reflect::get(&options, &JsValue::from_str("hide"))?;
    if hide.is_undefined() || hide.is_null() {
        return Ok(Vec::new());
    }
    let names: Vec<String> = if let Some(text) = text_of(&hide) {
        text.split(',').map(str::to_string).collect()
    } else if Array::is_array(&hide) {
        let items = Array::from(&hide);
        if let Some(other) = items.iter().find(|item| text_of(item).is_none()) {
            let held = kind_of(&other);
            return Err(type_error(&words::not_hide_names(
                &kind_of(&hide),
                Some(&held),
            )));
        }
        items.iter().filter_map(|item| text_of(&item)).collect()
    } else {
        return Err(type_error(&words::not_hide_names(&kind_of(&hide), None)));
    };
    Ok(names
        .iter()
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .collect())
}
