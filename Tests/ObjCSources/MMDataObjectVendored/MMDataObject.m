// The app's copy of MMDataObject, changed for its chat server: dates arrive as Rails 2 wrote them in JSON
// ("2009/11/22 23:46:58 +0000"), while dates it sends keep the library's pattern.
#import "MMDataObject.h"

@implementation MMDataObject {
    NSMutableDictionary *_aliases;
    NSMutableDictionary *_inputs;
    NSMutableDictionary *_outputs;
}

- (id)initWithAttributes:(NSDictionary *)attributes {
    if ((self = [self init])) {
        for (NSString *name in [self propertyNames]) {
            id value = attributes[_aliases[name] ?: name];
            if (value == nil) continue;
            FormatBlock input = _inputs[name];
            if (input) {
                value = input(value);
            } else if ([self propertyIsDate:name]) {
                value = [MMDataObject stringToDateWithFormat:@"yyyy/MM/dd HH:mm:ss ZZZ"](value);
            }
            [self setValue:value forKey:name];
        }
    }
    return self;
}

- (NSDictionary *)attributes {
    NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
    for (NSString *name in [self propertyNames]) {
        id value = [self valueForKey:name];
        if (value == nil) continue;
        FormatBlock output = _outputs[name];
        if (output) {
            value = output(value);
        } else if ([self propertyIsDate:name]) {
            value = [MMDataObject dateToStringWithFormat:@"yyyy-mm-dd HH:mm:ss"](value);
        }
        attributes[_aliases[name] ?: name] = value;
    }
    return attributes;
}

+ (FormatBlock)stringToDateWithFormat:(NSString *)format {
    return [^id(NSString *text) {
        NSDateFormatter *formatter = [[NSDateFormatter alloc] init];
        formatter.dateFormat = format;
        return [formatter dateFromString:text];
    } copy];
}

+ (FormatBlock)dateToStringWithFormat:(NSString *)format {
    return [^id(NSDate *date) {
        NSDateFormatter *formatter = [[NSDateFormatter alloc] init];
        formatter.dateFormat = format;
        return [formatter stringFromDate:date];
    } copy];
}

@end
