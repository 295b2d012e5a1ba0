#import "Visit.h"

@implementation Visit

+ (FormatBlock)lolify
{
    FormatBlock lolify = ^(NSString *value) {
        return [NSString stringWithFormat:@"LOL!!!! %@", value];
    };
    return [lolify copy];
}

+ (FormatBlock)unlolify
{
    FormatBlock unlolify = ^(NSString *value) {
        return [value substringFromIndex:8];
    };
    return [unlolify copy];
}

@end
